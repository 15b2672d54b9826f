/**
 * How moderators choose the signatures of one petition to invalidate: by
 * the keyed hash of the signers' network, by their e-mail's domain (its
 * subdomains included), by a window of signing time (UTC, ISO) and/or only
 * the unconfirmed ones; at least one criterion. `upToId` bounds the choice
 * to the signatures that existed when its count was shown, so that the
 * confirmation marks no more than the count said.
 */
export type InvalidationFilter = {
  network: string | null
  domain: string | null
  from: string | null
  to: string | null
  unconfirmed: boolean
  upToId: number | null
}

/** The criteria a moderator may give; `upToId` is none (it only bounds). */
export const INVALIDATION_CRITERIA = ['network', 'domain', 'from', 'to', 'unconfirmed'] as const

/** Whether a filter chooses by anything at all. */
export function hasCriterion(filter: Omit<InvalidationFilter, 'upToId'>) {
  return Boolean(filter.network || filter.domain || filter.from || filter.to || filter.unconfirmed)
}

/** The filter as the moderator typed it (times in their zone, as a datetime-local field gives them). */
export type InvalidationFilterFields = {
  network: string
  domain: string
  from: string
  to: string
  unconfirmed: boolean
}

/**
 * The bulk invalidation's form on a petition's moderation page: the filter
 * as asked in the query string, its count (null before one was asked, or
 * when the filter was refused) and the errors under its fields.
 */
export type InvalidationCount = {
  filter: InvalidationFilterFields
  count: { signatures: number; counted: number; upToId: number } | null
  errors: Record<string, string>
}
