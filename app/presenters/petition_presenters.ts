import { DateTime } from 'luxon'
import type { I18n } from '@adonisjs/i18n'
import type Petition from '#models/petition'
import type Signature from '#models/signature'
import type SignatureInvalidation from '#models/signature_invalidation'
import type PetitionVersion from '#models/petition_version'
import { site } from '#config/site'
import { paginatorProps, type PageOfRows } from '#shared/pagination'
import type { ListFilters } from '#shared/petitions/list_filters'
import type { NotCounted } from '#shared/petitions/not_counted'
import type { OwnSignature } from '#shared/petitions/own_signature'
import type { RecipientStanding } from '#shared/petitions/recipient_standing'
import type { PetitionPageNote } from '#support/http/petition_page_flash'
import PetitionFormTransformer from '#transformers/petition_form_transformer'
import PetitionPosterTransformer from '#transformers/petition_poster_transformer'
import PetitionCardTransformer from '#transformers/petition_card_transformer'
import PetitionShowTransformer from '#transformers/petition_show_transformer'
import LastSignatureTransformer from '#transformers/last_signature_transformer'
import RecipientStandingTransformer from '#transformers/recipient_standing_transformer'
import ModeratorRemovalTransformer from '#transformers/moderator_removal_transformer'
import HiddenNoticeTransformer from '#transformers/hidden_notice_transformer'
import PetitionVersionTransformer, { plainText } from '#transformers/petition_version_transformer'
import {
  identityRequirementProps,
  identitySigningProps,
  type HeldVerification,
} from '#presenters/identity_presenters'
import { identityOptionsOffered } from '#support/identity_requirement'

/** Petition/List: a page of public petitions as cards, with the filters that chose them. */
export function petitionListProps(
  petitions: PageOfRows<Petition>,
  filters: ListFilters,
  i18n: I18n
) {
  const deletedOwnerName = i18n.t('page.account.deleted_user')
  return {
    petitions: paginatorProps(petitions, (petition: Petition) =>
      new PetitionCardTransformer(petition, deletedOwnerName).toObject()
    ),
    filters,
  }
}

/** What a petition's page shows, as `petitionPage` read it for its viewer. */
type ShownPage = {
  data: {
    petition: Petition
    lastSignatures: Signature[]
    standing: RecipientStanding[]
    removals: SignatureInvalidation[]
    notCounted: NotCounted
  }
  signedAt: string | null
  mine: OwnSignature | null
}

/** What the viewer of a petition's page may do, and the note the request before left for it. */
type ShowViewer = {
  userId: number | null
  canEditPetition: boolean
  /** Open for signing by anyone who has not signed yet. */
  open: boolean
  canRemoveAnswers: boolean
  note: PetitionPageNote | null
  /** The identity check the viewer's session holds for this petition (services/identity). */
  verification: HeldVerification
}

/**
 * Petition/Show: the petition, its last signatures, and what the viewer may
 * do with it. For guests, nothing personal (see PetitionsController#show).
 */
export function petitionShowProps(page: ShownPage, viewer: ShowViewer, i18n: I18n) {
  const { petition, lastSignatures, standing, removals, notCounted } = page.data
  return {
    petition: PetitionShowTransformer.transform(petition, i18n.t('page.account.deleted_user')),
    lastSignatures: LastSignatureTransformer.transform(
      lastSignatures,
      i18n.t('page.sign.anonymous')
    ),
    /** Its letters' recipients and whether they answered; never their addresses. */
    decisionMakers: RecipientStandingTransformer.transform(standing, DateTime.now().toMillis()),
    /** Counted signatures moderators removed (their invalidations' dates and reasons; never a signer). */
    moderatorRemovals: ModeratorRemovalTransformer.transform(removals),
    /** Its signatures that do not count, by why: numbers only, never a signer, domain or network. */
    notCounted,
    whenISignedThisPetition: page.signedAt,
    /** The viewer's own signature: waiting for confirmation (with the address it went to), or counted. */
    mySignature: page.mine,
    success: null,
    canSignPetition: viewer.open && page.signedAt === null,
    canEditPetition: viewer.canEditPetition,
    /** A moderator (not its owner) may remove a decision maker's answer, with a reason. */
    canRemoveAnswers: viewer.canRemoveAnswers,
    turnstileKey: site.turnstileSiteKey,
    // Hidden by moderators, seen by its owner or a moderator: the banner saying so.
    hiddenNotice: HiddenNoticeTransformer.of(
      petition,
      viewer.userId === petition.userId ? 'owner' : 'moderator'
    ),
    /** A one-shot note from the request before: the owner has just published it, or the viewer confirmed. */
    justPublished: viewer.canEditPetition && viewer.note === 'petitionPublished',
    justConfirmed:
      page.mine !== null && page.mine.status !== 'pending' && viewer.note === 'signatureConfirmed',
    ...identitySigningProps(petition, viewer.verification),
    /** What signing requires (a verified identity, whose residence), or null: nothing. */
    identityRequirement: identityRequirementProps(petition),
  }
}

/** Petition/History: its text now and its earlier versions, newest first. */
export function petitionHistoryProps(
  petition: Petition,
  history: { current: Parameters<typeof plainText>[0]; versions: PetitionVersion[] }
) {
  return {
    petition: { title: petition.title, slug: petition.slug },
    current: plainText(history.current),
    versions: history.versions.map((version) => new PetitionVersionTransformer(version).toObject()),
  }
}

/** Petition/Create for a new petition, with a fresh guid and the banner templates it offers. */
export function newPetitionFormProps(bannerTemplates: Record<string, string>) {
  return {
    petition: PetitionFormTransformer.blank(),
    petitionCreated: null,
    moderatorClosure: null,
    addressReviews: [],
    bannerTemplates,
    turnstileKey: site.turnstileSiteKey,
    /** Whether the identity options show (the site offers them), and locked (never: nobody signed). */
    identityOptions: { shown: identityOptionsOffered(), locked: false },
  }
}

/**
 * Petition/Create for an existing petition: its form (media, letters with
 * recipients, news and custom fields loaded), how moderators judged its
 * recipients' addresses, and what the form offers.
 */
export function petitionFormProps<AddressReviews>(
  petition: Petition,
  form: {
    addressReviews: AddressReviews
    bannerTemplates: Record<string, string>
    identityOptions: { shown: boolean; locked: boolean }
  }
) {
  return {
    petition: PetitionFormTransformer.transform(petition),
    petitionCreated: petition.createdAt.toISO(),
    moderatorClosure: PetitionFormTransformer.moderatorClosure(petition),
    /** How moderators judged its recipients' addresses: waiting, approved or refused (why). */
    addressReviews: form.addressReviews,
    bannerTemplates: form.bannerTemplates,
    turnstileKey: site.turnstileSiteKey,
    /** Whether the identity options show, and locked (read-only) once someone has signed. */
    identityOptions: form.identityOptions,
  }
}

/** Petition/Poster: a printable A4 page with the title, the goal, the QR code and the address. */
export function posterProps(petition: Petition) {
  return { petition: PetitionPosterTransformer.transform(petition) }
}
