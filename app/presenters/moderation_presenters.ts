import type Petition from '#models/petition'
import type PetitionReport from '#models/petition_report'
import type ModerationEvent from '#models/moderation_event'
import type SigningAlert from '#models/signing_alert'
import type PaperSignatureBatch from '#models/paper_signature_batch'
import type PetitionVersion from '#models/petition_version'
import type SignatureInvalidation from '#models/signature_invalidation'
import type BlockedEmailDomain from '#models/blocked_email_domain'
import type BlockedNetwork from '#models/blocked_network'
import type DisposableDomainExemption from '#models/disposable_domain_exemption'
import { MODERATION_ACTIONS } from '#models/moderation_event'
import { paginatorProps, type PageOfRows } from '#shared/pagination'
import type { InvalidationCount } from '#shared/fraud/invalidation_filter'
import ModeratedPetitionTransformer from '#transformers/moderated_petition_transformer'
import ModerationEventTransformer from '#transformers/moderation_event_transformer'
import CountryShareTransformer from '#transformers/country_share_transformer'
import PetitionVersionTransformer, { plainText } from '#transformers/petition_version_transformer'
import SignatureInvalidationTransformer from '#transformers/signature_invalidation_transformer'
import SigningTrendsTransformer from '#transformers/signing_trends_transformer'
import PaperBatchTransformer from '#transformers/paper_batch_transformer'
import BlockedDomainTransformer from '#transformers/blocked_domain_transformer'
import BlockedNetworkTransformer from '#transformers/blocked_network_transformer'
import DisposableExemptionTransformer from '#transformers/disposable_exemption_transformer'

/** What moderators know of petitions: their reports, trail and open alerts of unusual signing. */
type PetitionsFile = {
  reports: PetitionReport[]
  trail: ModerationEvent[]
  alerts: SigningAlert[]
}

/** Moderation/Queue: a page of petitions to review (or hidden ones), each with what concerns it. */
export function moderationQueueProps(
  view: 'review' | 'hidden',
  queue: PetitionsFile & { petitions: PageOfRows<Petition> },
  decisionMakersToApprove: number,
  viewerId: number
) {
  const ofPetition = <Row extends { petitionId: number | null }>(rows: Row[], id: number) =>
    rows.filter((row) => row.petitionId === id)
  return {
    view,
    decisionMakersToApprove,
    petitions: paginatorProps(queue.petitions, (petition: Petition) =>
      new ModeratedPetitionTransformer(
        petition,
        ofPetition(queue.reports, petition.id),
        ofPetition(queue.trail, petition.id),
        ofPetition(queue.alerts, petition.id),
        viewerId
      ).toObject()
    ),
  }
}

/** One petition's page for moderators, as `loadModerationPage` reads it. */
type ModerationPage<SigningRules> = PetitionsFile & {
  petition: Petition
  countries: ConstructorParameters<typeof CountryShareTransformer>[0][]
  paperBatches: PaperSignatureBatch[]
  history: { current: Parameters<typeof plainText>[0]; versions: PetitionVersion[] }
  trends: ConstructorParameters<typeof SigningTrendsTransformer>[0]
  invalidations: SignatureInvalidation[]
  invalidation: InvalidationCount
  signingRules: SigningRules
}

/**
 * Moderation/Petition: one petition, its reports, its whole trail, its
 * countries (outliers flagged) and its signing trends, in the queue or not.
 */
export function moderatedPetitionProps<SigningRules>(
  page: ModerationPage<SigningRules>,
  viewerId: number
) {
  const { petition } = page
  return {
    petition: new ModeratedPetitionTransformer(
      petition,
      page.reports,
      page.trail,
      page.alerts,
      viewerId
    ).toObject(),
    countries: page.countries.map((country) => new CountryShareTransformer(country).toObject()),
    /** How it is signed in the last hour and day, by network, domain and minute. */
    trends: new SigningTrendsTransformer(page.trends).toObject(),
    /** Its text now and its earlier versions, newest first, with who saved each change. */
    currentText: plainText(page.history.current),
    versions: page.history.versions.map((version) =>
      new PetitionVersionTransformer(version, version.user?.fullName ?? null).toObject()
    ),
    /** The bulk invalidation's form: its filter as asked, its count, or why it cannot count. */
    invalidation: page.invalidation,
    /** This petition's invalidations, newest first. */
    invalidations: page.invalidations.map((row) =>
      new SignatureInvalidationTransformer(row).toObject()
    ),
    /** Its signing pause, and how many signatures each rule stopped on it. */
    signingRules: page.signingRules,
    /** Its batches of paper signatures, newest first: those pending wait for a decision. */
    paperBatches: page.paperBatches.map((batch) =>
      new PaperBatchTransformer(batch, petition.guid).toObject()
    ),
  }
}

/** Moderation/Log: a page of the whole trail, each entry naming its petition and member. */
export function moderationLogProps<Filters, Actor>(
  log: {
    entries: PageOfRows<ModerationEvent>
    petitionTitles: Map<number, string>
    memberNames: Map<number, string>
  },
  filters: Filters,
  actors: Actor[]
) {
  return {
    entries: paginatorProps(log.entries, (entry) =>
      new ModerationEventTransformer(entry, {
        petitionTitle: entry.petitionId === null ? null : log.petitionTitles.get(entry.petitionId),
        memberName: entry.userId === null ? null : log.memberNames.get(entry.userId),
      }).toObject()
    ),
    filters,
    actions: [...MODERATION_ACTIONS],
    actors,
  }
}

/**
 * Moderation/Rules: blocked e-mail domains and networks, the kept list's
 * size and its exemptions, the answer to a kept-list check (`check`, null
 * when not asked), and the network a link asked to block.
 */
export function signingRulesProps<KeptListCheck>(
  rules: {
    domains: BlockedEmailDomain[]
    networks: BlockedNetwork[]
    keptListSize: number
    exemptions: DisposableDomainExemption[]
  },
  check: KeptListCheck,
  networkToBlock: string
) {
  return {
    domains: rules.domains.map((domain) => new BlockedDomainTransformer(domain).toObject()),
    networks: rules.networks.map((network) => new BlockedNetworkTransformer(network).toObject()),
    keptListSize: rules.keptListSize,
    exemptions: rules.exemptions.map((row) => new DisposableExemptionTransformer(row).toObject()),
    check,
    networkToBlock,
  }
}
