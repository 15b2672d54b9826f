import { useRef } from 'react'
import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import PetitionHeader from '~/components/petition/show/petition_header.tsx'
import ActionBar from '~/components/petition/show/action_bar.tsx'
import PetitionDescription from '~/components/petition/show/petition_description.tsx'
import LettersSection from '~/components/petition/show/letters_section.tsx'
import HandoversSection from '~/components/petition/show/handovers_section.tsx'
import DecisionMakersSection from '~/components/petition/show/decision_makers_section.tsx'
import MediaSection from '~/components/petition/show/media_section.tsx'
import ResponsesSection from '~/components/petition/show/responses_section.tsx'
import NewsList from '~/components/petition/show/news_list.tsx'
import PostNews from '~/components/petition/show/post_news.tsx'
import OpenDataLinks from '~/components/petition/show/open_data_links.tsx'
import HistoryChart from '~/components/petition/show/history_chart.tsx'
import LastSignatures from '~/components/petition/show/last_signatures.tsx'
import ModeratorRemovals from '~/components/petition/show/moderator_removals.tsx'
import SignersMapSection from '~/components/petition/show/signers_map_section.tsx'
import ShareWidget from '~/components/petition/show/share_widget.tsx'
import SignBox from '~/components/petition/show/sign_box.tsx'
import SignBar from '~/components/petition/show/sign_bar.tsx'
import FirstSharePanel from '~/components/petition/show/first_share_panel.tsx'
import ReportPetition from '~/components/petition/show/report_petition.tsx'
import HiddenBanner from '~/components/petition/show/hidden_banner.tsx'
import type { OwnSignature } from '@app/shared/petitions/own_signature.ts'
import type { NotCounted } from '@app/shared/petitions/not_counted.ts'
import type { IdentityRequirementShown, SigningIdentity } from '@app/shared/identity.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'
import { useSharedProps } from '~/lib/shared.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { petitionJsonLd } from '~/lib/json_ld.ts'
import { countsOf, useLiveCounts } from '~/lib/live_counts.ts'
import { useStickyTop } from '~/lib/use_sticky_top.ts'

type PetitionShowProps = {
  petition: Data.PetitionShow
  lastSignatures: Data.LastSignature[]
  /** Its letters' recipients and whether they answered (never their addresses). */
  decisionMakers: Data.RecipientStanding[]
  /** Moderators' standing invalidations that removed counted signatures (dates, reasons, counts). */
  moderatorRemovals: Data.ModeratorRemoval[]
  /** Its signatures that do not count, by why: numbers only. */
  notCounted: NotCounted
  /** When the viewer signed (ISO date), or null. */
  whenISignedThisPetition: string | null
  /** The viewer's own signature: waiting for confirmation (with its address), or counted. */
  mySignature: OwnSignature | null
  success: string | null
  canSignPetition: boolean
  canEditPetition: boolean
  /** A moderator (not its owner) may remove a decision maker's answer, with a reason. */
  canRemoveAnswers: boolean
  turnstileKey: string | null
  hiddenNotice?: Data.HiddenNotice | null
  /** The owner has just published it: the first-share panel, once. */
  justPublished: boolean
  /** The viewer has just confirmed their signature: its state comes into view. */
  justConfirmed: boolean
  /** What signing requires (a verified identity, whose residence), or null: nothing. */
  identityRequirement: IdentityRequirementShown | null
} & SigningIdentity

/**
 * The public petition page: its sections in the specified order. On wide
 * screens the sign form sits in a sticky box to the right of the sections
 * (a CSS grid places it; in the document it still comes after them, as
 * the specification orders it); on phones a bar at the bottom leads to it.
 */
export default function Show(props: PetitionShowProps) {
  const { whenISignedThisPetition, canSignPetition, canEditPetition, turnstileKey } = props
  const { t } = useTranslation()
  const aside = useRef<HTMLDivElement>(null)
  useStickyTop(aside)
  // An open petition's counts and last signatures move as signatures are confirmed. A visit
  // that brings a new petition supersedes them; a partial reload of the viewer's own
  // signature (while its receipt is written) keeps the petition prop, and them.
  const { live, connected } = useLiveCounts(props.petition, props.petition)
  const petition = live ? { ...props.petition, ...countsOf(live) } : props.petition
  const lastSignatures = live ? live.lastSignatures : props.lastSignatures
  const { appUrl } = useSharedProps()
  const path = urlFor('petitions.show', { slug: petition.slug })
  const url = `${appUrl}${path}`
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
        url,
        banner && !banner.startsWith('http') ? `${appUrl}${banner}` : banner
      )}
    >
      <HiddenBanner guid={petition.guid} notice={props.hiddenNotice} />
      <PetitionHeader petition={petition} />
      <Container className="petition-show pb-5" data-live={connected ? 'connected' : undefined}>
        {props.justPublished && (
          <FirstSharePanel url={url} title={petition.title} slug={petition.slug} />
        )}
        <div className="petition-layout">
          <div className="petition-main">
            <ActionBar
              guid={petition.guid}
              canEditPetition={canEditPetition}
              canSignPetition={canSignPetition}
            />
            <PetitionDescription petition={petition} />
            <section className="petition-show-section" aria-labelledby="share-petition-title">
              <h2 id="share-petition-title" className="h5 fw-bold mb-3">
                {t('page.petition_page.share_title')}
              </h2>
              <ShareWidget
                id="share-petition"
                url={url}
                title={petition.title}
                slug={petition.slug}
              />
            </section>
            <ResponsesSection
              petition={petition}
              canRespond={canEditPetition && petition.published}
              canRemoveAnswers={props.canRemoveAnswers}
            />
            <HandoversSection handovers={petition.handovers} />
            <LettersSection letters={petition.letters} />
            <DecisionMakersSection decisionMakers={props.decisionMakers} />
            <MediaSection videos={petition.videos} photos={petition.photos} />
            <NewsList
              updates={petition.updates}
              ownerFirstName={petition.user.firstName}
              action={canEditPetition ? <PostNews guid={petition.guid} /> : undefined}
            />
            <LastSignatures signatures={lastSignatures} />
            <ModeratorRemovals removals={props.moderatorRemovals} notCounted={props.notCounted} />
            <SignersMapSection slug={petition.slug} totalSignatures={petition.totalSignatures} />
            <HistoryChart petition={petition} />
            {petition.published && <OpenDataLinks slug={petition.slug} />}
          </div>
          <div className="petition-aside" ref={aside}>
            <SignBox
              petition={petition}
              canSignPetition={canSignPetition}
              whenISignedThisPetition={whenISignedThisPetition}
              mySignature={props.mySignature}
              justConfirmed={props.justConfirmed}
              turnstileKey={turnstileKey}
              identityProviders={props.identityProviders}
              verifiedIdentity={props.verifiedIdentity}
              identityRequirement={props.identityRequirement}
            />
          </div>
        </div>
        {petition.published && !canEditPetition && (
          <ReportPetition guid={petition.guid} turnstileKey={turnstileKey} />
        )}
      </Container>
      <SignBar petition={petition} canSign={canSignPetition} />
    </AppLayout>
  )
}
