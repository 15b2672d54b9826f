/** What a moderator may do to a petition, from the queue or its page, each with a reason. */
export const PETITION_ACTIONS = ['hide', 'restore', 'close', 'reopen', 'dismiss'] as const
export type PetitionAction = (typeof PETITION_ACTIONS)[number]
