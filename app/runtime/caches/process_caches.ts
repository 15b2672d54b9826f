import { DateTime } from 'luxon'
import env from '#start/env'
import type Petition from '#models/petition'
import type { CountryCount } from '#shared/petitions/country_counts'
import type { SigningTrends } from '#shared/fraud/signing_trends'
import type { RulesSnapshot } from '#shared/fraud/signing_rules'
import type { PageData } from '#services/petitions/page_data'
import type { TrendingRanking } from '#services/petitions/listing/trending'
import type { ReadinessReport } from '#runtime/health/readiness'
import type { SignerTemplate } from '#runtime/signatures/signer_mail_messages'
import type { WebhookEvent } from '#shared/webhook_events'
import { ProcessCache, type ForgottenBy } from '#runtime/caches/process_cache'

/**
 * Every copy a process keeps of what it read, each with its life and what
 * forgets it before then. The services only load: they ask these caches.
 */

/** A petition page's data: counts may lag by up to 2 s anyway (PETITION_PAGE_CACHE_MS, 0 turns it off). */
const pageLife = () => env.get('PETITION_PAGE_CACHE_MS', 1000)

/**
 * A petition page's data, by slug: a viral petition's page is read once a
 * second, not once a request. Without Redis the other workers keep theirs
 * until it expires, so only guests are served from it (see page_data).
 */
export const petitionPages = new ProcessCache<PageData | null>({
  name: 'petition pages',
  life: pageLife,
  forgottenBy: 'petition',
  petitionIdOf: (data) => data?.petition.id ?? null,
  staleWhileReloading: true,
})

/** The petitions signed lately, by guid, as long as a page's data: a viral petition gets hundreds of signs a second. */
export const petitionsToSign = new ProcessCache<Petition>({
  name: 'petitions to sign',
  life: pageLife,
  forgottenBy: 'signing',
  petitionIdOf: (petition) => petition.id,
  staleWhileReloading: true,
})

/** The trending sums and each list's ranking: 30 s, since ranking a list reads up to 5,000 rows. */
export const trendingRanking = new ProcessCache<TrendingRanking>({
  name: 'trending ranking',
  life: 30_000,
  forgottenBy: 'counts',
})

/** The site's total of confirmed signatures: 30 s, other processes' flushes reach it within that without Redis. */
export const signaturesTotal = new ProcessCache<number>({
  name: "the site's signatures total",
  life: 30_000,
  forgottenBy: 'counts',
})

/** The site's counts by country: a minute, moderators' comparisons need no more. */
export const siteCountsByCountry = new ProcessCache<CountryCount[]>({
  name: "the site's signatures by country",
  life: 60_000,
  forgottenBy: 'counts',
})

/**
 * Built sitemap files ('root' is /sitemap.xml, then files by number), keyed
 * with the version of the listed petitions they were built at: a minute, so
 * that a new title or date shows within it; a petition coming or going
 * renews the version (in its transaction), and every worker builds anew.
 * Four kept, up to 6 MB each. Aged by the luxon clock, which tests move.
 */
export const sitemapFiles = new ProcessCache<string>({
  name: 'sitemap files',
  life: 60_000,
  forgottenBy: 'nothing',
  bound: 4,
  now: () => DateTime.now().toMillis(),
})

/** How many sitemap files the site takes, at a version, as long as the files. */
export const sitemapFileCounts = new ProcessCache<number>({
  name: 'sitemap file count',
  life: 60_000,
  forgottenBy: 'nothing',
  bound: 1,
  now: () => DateTime.now().toMillis(),
})

/** A petition's signing trends for its moderators, by id and guid: 5 s, a viral petition's day is costly. */
export const petitionSigningTrends = new ProcessCache<SigningTrends>({
  name: 'signing trends',
  life: 5_000,
  forgottenBy: 'nothing',
  bound: 500,
})

/**
 * The moderators' signing rules: 20 s, the backstop for a change whose
 * Redis message a process missed (a reconnect, or several workers without
 * Redis); a change made here or heard of drops it at once.
 */
export const signingRules = new ProcessCache<RulesSnapshot>({
  name: 'signing rules',
  life: 20_000,
  forgottenBy: 'rules',
})

/** QR codes drawn, by address: a code never changes; the bound keeps the map small. */
export const qrCodes = new ProcessCache<string>({
  name: 'QR codes',
  life: Number.POSITIVE_INFINITY,
  forgottenBy: 'nothing',
  bound: 500,
})

/** The readiness report: 5 s, so that balancers probing every second run the checks at most once in that time. */
export const readinessReports = new ProcessCache<ReadinessReport>({
  name: 'readiness report',
  life: 5_000,
  forgottenBy: 'nothing',
})

/** Signer mail templates: a template never changes; a surge mails a few petitions' signers in a few languages. */
export const signerTemplates = new ProcessCache<SignerTemplate>({
  name: 'signer mail templates',
  life: Number.POSITIVE_INFINITY,
  forgottenBy: 'nothing',
  bound: 500,
})

/**
 * The events each petition's live (not disabled) webhook endpoints asked
 * for, one copy for every petition that has any: the counter's flush asks
 * it once per flush, so a petition without endpoints costs no query. 10 s,
 * the backstop for an endpoint another process added or removed; the
 * process that changes an endpoint forgets it at once
 * (`forgetWebhookEndpoints`).
 */
export const liveWebhookEndpoints = new ProcessCache<Map<number, Set<WebhookEvent>>>({
  name: 'petitions with live webhook endpoints',
  life: 10_000,
  forgottenBy: 'nothing',
  bound: 1,
})

/** What the forgetting below needs of each cache, whatever it keeps. */
type KeptCopies = Pick<ProcessCache<unknown>, 'name' | 'forgottenBy' | 'forget' | 'clear'>

const processCaches: KeptCopies[] = [
  petitionPages,
  petitionsToSign,
  trendingRanking,
  signaturesTotal,
  siteCountsByCountry,
  sitemapFiles,
  sitemapFileCounts,
  petitionSigningTrends,
  signingRules,
  qrCodes,
  readinessReports,
  signerTemplates,
  liveWebhookEndpoints,
]

const cachesForgottenBy = (...reasons: ForgottenBy[]) =>
  processCaches.filter((cache) => reasons.includes(cache.forgottenBy))

/**
 * What changed: the petitions, and whether their counts moved (a counter
 * flush). `signingUnchanged`: only their signatures or counts changed,
 * nothing a sign reads (told in this process only: another process's
 * message gathers several changes, so it forgets everything).
 */
export type PetitionChange = {
  petitionIds: number[]
  countsMoved: boolean
  signingUnchanged?: boolean
}

/**
 * Drops every copy this process keeps of what changed petitions show: their
 * page data always; the copies signing uses unless only signatures or counts
 * moved; the copies of counts (trending, the site's total and its counts by
 * country) when their counts moved. The next request reads them afresh.
 */
export function forgetCachedCopies(change: PetitionChange) {
  for (const cache of cachesForgottenBy('petition')) cache.forget(change.petitionIds)
  if (!change.signingUnchanged) {
    for (const cache of cachesForgottenBy('signing')) cache.forget(change.petitionIds)
  }
  if (change.countsMoved) for (const cache of cachesForgottenBy('counts')) cache.clear()
}

/** Drops the signing rules this process keeps: a moderator changed them. */
export function forgetSigningRules() {
  for (const cache of cachesForgottenBy('rules')) cache.clear()
}

/**
 * Drops the copy of which petitions have live webhook endpoints: call it
 * once an endpoint is created, deleted, disabled or enabled (after the
 * commit). Other processes see the change within the copy's life (10 s).
 */
export function forgetWebhookEndpoints() {
  liveWebhookEndpoints.clear()
}

/**
 * Drops every copy a change forgets: this process may have missed changes
 * (Redis was away). Those that only expire are left to their life.
 */
export function forgetAllCachedCopies() {
  for (const cache of cachesForgottenBy('petition', 'signing', 'counts', 'rules')) cache.clear()
}
