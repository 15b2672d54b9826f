import type { MouseEvent } from 'react'
import { Alert, Button, Modal } from 'react-bootstrap'
import PetitionHeader from '~/components/petition/show/petition_header.tsx'
import PetitionDescription from '~/components/petition/show/petition_description.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { previewHtml } from '~/lib/preview_html.ts'
import type { Data } from '@generated/data'
import { closingMomentOf } from '@app/shared/petitions/closing.ts'
import { petitionProgress } from '@app/shared/petitions/progress.ts'
import type { PetitionFormData } from './shared.tsx'

/** The form's values; the milestones are not on the petition's page. */
type PreviewValues = Omit<PetitionFormData, 'banner' | 'milestones'> & {
  banner: { url: string | null } | null
}

/**
 * The petition page's header and description as they will look, from the
 * form's current values: nothing is saved. The description goes through the
 * server's allow-list first; counts are those of a new petition.
 */
function previewPetition(
  data: PreviewValues,
  owner: { avatar: string; firstName: string; lastName: string | null },
  created: string | null
): Data.PetitionShow {
  const bannerUrl = data.banner?.url ?? null
  return {
    guid: data.guid,
    slug: data.slug ?? '',
    title: data.title,
    target: data.target,
    targetSignatures: data.targetSignatures,
    topics: data.topics,
    // As the server stores it: a region only within a country.
    place: {
      country: data.country,
      region: (data.country && data.region.trim()) || null,
    },
    allowOpposite: data.allowOpposite,
    bannerUrl,
    created: created ?? new Date().toISOString(),
    closesAt: data.closingDate ? closingMomentOf(data.closingDate).toISOString() : null,
    closedAt: null,
    victoryAt: null,
    user: { ...owner, deleted: false },
    // Nobody signed a preview: the counts of a new petition, by the shared definition.
    ...petitionProgress({
      supportCount: 0,
      opposeCount: 0,
      paperCount: 0,
      verifiedCount: 0,
      targetSignatures: data.targetSignatures,
    }),
    description: previewHtml(data.description),
    banner: bannerUrl ? { url: bannerUrl } : null,
    allowComments: data.allowComments,
    askPostalCode: data.askPostalCode,
    identityRequired: false,
    finished: data.finished,
    published: data.published,
    private: data.private,
    customFields: [],
    letters: [],
    videos: [],
    photos: [],
    updates: [],
    responses: [],
    answersRemoved: 0,
    handovers: [],
    editCount: 0,
  }
}

/** Links and buttons of the preview lead nowhere: the page does not exist yet. */
function stayInPreview(event: MouseEvent) {
  if ((event.target as Element).closest('a, button, summary')) event.preventDefault()
}

/** The preview's page: built only while the dialog is open (DOMParser is the browser's). */
function PreviewPage({ values, created }: { values: PreviewValues; created: string | null }) {
  const { t } = useTranslation()
  const { user } = useSharedProps()
  if (!user) return null
  const petition = previewPetition(
    {
      ...values,
      title: values.title.trim() || t('page.petition_guide.preview_no_title'),
      description:
        values.description.trim() || `<p>${t('page.petition_guide.preview_no_description')}</p>`,
    },
    user,
    created
  )
  return (
    <div onClickCapture={stayInPreview}>
      <PetitionHeader petition={petition} />
      <div className="container petition-show pb-4">
        <PetitionDescription petition={petition} />
      </div>
    </div>
  )
}

export default function PetitionPreview({
  show,
  values,
  created,
  onClose,
}: {
  show: boolean
  values: PreviewValues
  created: string | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal show={show} onHide={onClose} size="xl" fullscreen="md-down" scrollable>
      <Modal.Header closeButton closeLabel={t('page.show.close')}>
        <Modal.Title as="h2" className="h5">
          {t('page.petition_guide.preview_title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0" data-testid="petition-preview">
        <Alert variant="info" className="m-3">
          {t('page.petition_guide.preview_note')}
        </Alert>
        {show && <PreviewPage values={values} created={created} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose} data-testid="preview-close">
          {t('page.petition_guide.preview_close')}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
