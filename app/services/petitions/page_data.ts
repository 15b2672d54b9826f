import { LAST_SIGNATURES } from '#shared/petitions/constants'
import { petitionPages } from '#runtime/caches/process_caches'
import Petition from '#models/petition'
import Signature from '#models/signature'
import SignatureInvalidation from '#models/signature_invalidation'
import { petitionStanding } from '#services/decision_makers/standing'
import type { RecipientStanding } from '#shared/petitions/recipient_standing'
import type { NotCounted } from '#shared/petitions/not_counted'
import { notCountedOf, removedOf } from '#services/petitions/not_counted'

/**
 * A petition page's data is reused for PETITION_PAGE_CACHE_MS (default
 * 1000; 0 turns it off; runtime/caches/process_caches). Every write to a petition (save, confirmation, counter flush, a
 * moderator's hide) drops its entry at once in this process, and with Redis
 * in every other process too (PetitionChanged); without Redis the other
 * workers of the machine keep theirs until it expires, so only guests are
 * served from it: a member, who may just have edited the petition, always
 * gets a fresh load.
 */
export type PageData = {
  petition: Petition
  lastSignatures: Signature[]
  /** Where its letters' recipients stand (answered, awaiting, not told), in letter order. */
  standing: RecipientStanding[]
  /** Moderators' invalidations that stand and took counted signatures away, oldest first. */
  removals: SignatureInvalidation[]
  /** Its signatures that do not count, by why (numbers only). */
  notCounted: NotCounted
}

/**
 * A petition with everything its page shows, its last signatures and where
 * its decision makers stand: a fixed number of queries whatever the number
 * of signatures (counts come from counter columns), run at most once a
 * second per petition, so that a viral petition's page is served from
 * memory.
 */
export function petitionPageData(
  slug: string,
  { reuse }: { reuse: boolean } = { reuse: true }
): Promise<PageData | null> {
  return petitionPages.get(slug, () => loadPageData(slug), { reuse })
}

async function loadPageData(slug: string): Promise<PageData | null> {
  const petition = await Petition.query()
    .where('slug', slug)
    .preload('user')
    .preload('media')
    .preload('letters', (letters) => letters.preload('recipients'))
    .preload('updates')
    .preload('responses', (responses) => responses.orderBy('responded_on').orderBy('id'))
    .preload('customFields')
    .preload('handovers', (handovers) => handovers.orderBy('handed_over_on').orderBy('id'))
    // Its "edited n times" (see services/petitions/versions).
    .withCount('versions')
    .first()
  if (!petition) return null
  const hasRecipients = petition.letters.some((letter) => letter.recipients.length > 0)
  const [signatures, standing, removals, removed] = await Promise.all([
    lastSignatures(petition),
    hasRecipients ? petitionStanding(petition.id) : [],
    moderatorRemovals(petition),
    removedOf([petition.id]),
  ])
  const notCounted = notCountedOf(petition, removed.get(petition.id))
  return { petition, lastSignatures: signatures, standing, removals, notCounted }
}

/** The 10 most recent confirmed, active signatures, by index. */
function lastSignatures(petition: Petition) {
  return Signature.query()
    .where('petition_id', petition.id)
    .where('active', true)
    .whereNotNull('confirmed_at')
    .orderBy('confirmed_at', 'desc')
    .limit(LAST_SIGNATURES)
    .preload('user')
}

/**
 * The invalidations its page tells of: standing (not undone), with counted
 * signatures removed. A few rows at most, by the petition's index.
 */
function moderatorRemovals(petition: Petition) {
  return SignatureInvalidation.query()
    .where('petition_id', petition.id)
    .whereNull('undone_at')
    .where((query) => query.where('support_removed', '>', 0).orWhere('oppose_removed', '>', 0))
    .orderBy('id', 'asc')
}
