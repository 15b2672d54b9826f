import { useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { router } from '@inertiajs/react'
import { Button } from 'react-bootstrap'
import VersionHistory from '~/components/petition/version_history.tsx'
import RedactVersionDialog from '~/components/moderation/redact_version_dialog.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { askToConfirm } from '~/lib/confirm.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

/**
 * A petition's earlier texts on its moderation page, newest first, with who
 * saved each change: a moderator restores one, or redacts one (its text
 * replaced for good by the reason, in public too). A redacted version
 * offers neither; the text now is never redacted (it is edited or hidden).
 * On the moderator's own petition, neither: another moderator decides.
 */
export default function PetitionVersions({
  petition,
  current,
  versions,
}: {
  petition: Pick<Data.ModeratedPetition, 'id' | 'slug' | 'ownPetition'>
  current: Pick<Data.PetitionVersion, 'title' | 'target' | 'description' | 'letters'>
  versions: Data.PetitionVersion[]
}) {
  const { t } = useTranslation()
  const [redacting, setRedacting] = useState<number | null>(null)
  const restore = async (version: Data.PetitionVersion) => {
    const confirmed = await askToConfirm({
      title: t('page.moderation.versions.confirm_title'),
      text: t('page.moderation.versions.confirm_text'),
      confirm: t('page.moderation.versions.confirm'),
      cancel: t('common.cancel'),
    })
    if (confirmed) {
      router.post(
        urlFor('moderation.restore_version', { id: petition.id, version: version.id }),
        {},
        { preserveScroll: true }
      )
    }
  }
  return (
    <section className="mb-4" aria-labelledby="versions-title">
      <h2 className="h4" id="versions-title">
        {t('page.moderation.versions.title')}
      </h2>
      <p>
        <Link route="petitions.history" routeParams={{ slug: petition.slug }}>
          {t('page.moderation.versions.history')}
        </Link>
      </p>
      {versions.length === 0 ? (
        <p className="text-muted">{t('page.history.none')}</p>
      ) : (
        <>
          <p className="small text-body-secondary" data-testid="current-not-redacted">
            {t('page.moderation.versions.current_note')}
          </p>
          <VersionHistory
            versions={versions}
            current={current}
            level={3}
            actions={(version) =>
              // Decisions on their own petition are another moderator's.
              version.redaction === null &&
              !petition.ownPetition && (
                <div className="d-flex flex-wrap gap-2 mt-2">
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    onClick={() => restore(version)}
                    data-testid="restore-version"
                  >
                    {t('page.moderation.versions.restore')}
                  </Button>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    onClick={() => setRedacting(version.id)}
                    data-testid="redact-version"
                  >
                    {t('page.moderation.versions.redact')}
                  </Button>
                </div>
              )
            }
          />
        </>
      )}
      <RedactVersionDialog
        petitionId={petition.id}
        versionId={redacting}
        onClose={() => setRedacting(null)}
      />
    </section>
  )
}
