import Petition from '#models/petition'
import Signature from '#models/signature'

export const LAST_SIGNATURES = 10

/**
 * A petition with everything its page shows: a fixed number of queries
 * whatever the number of signatures (counts come from counter columns).
 */
export function petitionForPage(slug: string) {
  return Petition.query()
    .where('slug', slug)
    .preload('user')
    .preload('media')
    .preload('letters', (letters) => letters.preload('recipients'))
    .preload('updates')
    .preload('customFields')
    .first()
}

/** The 10 most recent confirmed, active signatures (decisions 8), by index. */
export function lastSignatures(petition: Petition) {
  return Signature.query()
    .where('petition_id', petition.id)
    .where('active', true)
    .whereNotNull('confirmed_at')
    .orderBy('confirmed_at', 'desc')
    .limit(LAST_SIGNATURES)
    .preload('user')
}
