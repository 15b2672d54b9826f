import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import PetitionHeader from '~/components/petition/show/petition_header.tsx'
import ActionBar from '~/components/petition/show/action_bar.tsx'
import PetitionDescription from '~/components/petition/show/petition_description.tsx'
import LettersSection from '~/components/petition/show/letters_section.tsx'
import MediaSection from '~/components/petition/show/media_section.tsx'
import ResponsesSection from '~/components/petition/show/responses_section.tsx'
import UpdatesTimeline from '~/components/petition/show/updates_timeline.tsx'
import LastSignatures from '~/components/petition/show/last_signatures.tsx'
import SignForm from '~/components/petition/sign_form.tsx'
import ReportPetition from '~/components/petition/show/report_petition.tsx'
import HiddenBanner from '~/components/petition/show/hidden_banner.tsx'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'
import { useSharedProps } from '~/lib/shared.ts'
import { petitionJsonLd } from '~/lib/json_ld.ts'
import { useLiveCounts } from '~/lib/live_counts.ts'

type PetitionShowProps = {
  petition: Data.PetitionShow
  lastSignatures: Data.LastSignature[]
  /** When the viewer signed (ISO date), or null. */
  whenISignedThisPetition: string | null
  success: string | null
  canSignPetition: boolean
  canEditPetition: boolean
  turnstileKey: string | null
  hiddenNotice?: Data.HiddenNotice | null
}

/** The public petition page: its sections in the specified order. */
export default function Show(props: PetitionShowProps) {
  const { whenISignedThisPetition, canSignPetition, canEditPetition, turnstileKey } = props
  // An open petition's counts and last signatures move as signatures are confirmed.
  const { live, connected } = useLiveCounts(props.petition, props)
  const petition = live
    ? {
        ...props.petition,
        totalSignatures: live.totalSignatures,
        percentage: live.percentage,
        positivePercentage: live.positivePercentage,
        negativePercentage: live.negativePercentage,
      }
    : props.petition
  const lastSignatures = live ? live.lastSignatures : props.lastSignatures
  const { appUrl } = useSharedProps()
  const path = urlFor('petitions.show', { slug: petition.slug })
  const banner = petition.banner?.url ?? null
  return (
    <AppLayout
      title={petition.title}
      description={petition.target || petition.title}
      image={banner}
      path={path}
      // Drafts and unlisted petitions stay out of search engines.
      noindex={petition.private || !petition.published}
      jsonLd={petitionJsonLd(
        petition,
        `${appUrl}${path}`,
        banner && !banner.startsWith('http') ? `${appUrl}${banner}` : banner
      )}
    >
      <HiddenBanner guid={petition.guid} notice={props.hiddenNotice} />
      <PetitionHeader petition={petition} />
      <Container className="petition-show pb-5" data-live={connected ? 'connected' : undefined}>
        <ActionBar
          guid={petition.guid}
          canEditPetition={canEditPetition}
          canSignPetition={canSignPetition}
        />
        <PetitionDescription petition={petition} />
        <ResponsesSection petition={petition} canRespond={canEditPetition && petition.published} />
        <LettersSection letters={petition.letters} />
        <MediaSection videos={petition.videos} photos={petition.photos} />
        <UpdatesTimeline updates={petition.updates} ownerFirstName={petition.user.firstName} />
        <LastSignatures signatures={lastSignatures} />
        <SignForm
          petition={petition}
          canSignPetition={canSignPetition}
          whenISignedThisPetition={whenISignedThisPetition}
          turnstileKey={turnstileKey}
        />
        {petition.published && !canEditPetition && (
          <ReportPetition guid={petition.guid} turnstileKey={turnstileKey} />
        )}
      </Container>
    </AppLayout>
  )
}
