/** What a moderator may do to a petition, from the queue or its page, each with a reason. */
export const PETITION_ACTIONS = ['hide', 'restore', 'close', 'reopen', 'dismiss'] as const
export type PetitionAction = (typeof PETITION_ACTIONS)[number]

/**
 * Why moderators hide a petition: one of these, chosen from a list. Its
 * translated label (`common.hide_reasons.*`) is what the public and the
 * owner are told; the moderator's own note stays in the moderation log.
 */
export const HIDE_REASONS = [
  'spam',
  'hate',
  'misleading',
  'personal_data',
  'illegal',
  'other',
] as const
export type HideReason = (typeof HIDE_REASONS)[number]

/** A stored reason as the list knows it: anything else (a free text of old) is "other". */
export function hideReasonOf(stored: string | null | undefined): HideReason {
  return (HIDE_REASONS as readonly string[]).includes(stored ?? '')
    ? (stored as HideReason)
    : 'other'
}

/**
 * Why a petition waits in the moderators' queue, in the queue's order: one
 * network or e-mail domain signs it unusually much, visitors reported it, its owner asked for a review of its hiding, or it is
 * new (published and never reviewed).
 */
export const QUEUE_REASONS = [
  'unusual_signing',
  'reported',
  'paper_to_verify',
  'review_requested',
  'new',
] as const
export type QueueReason = (typeof QUEUE_REASONS)[number]
