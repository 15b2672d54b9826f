import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ModerationEvent, { type ModerationAction } from '#models/moderation_event'
import type User from '#models/user'

/** Who acted: a moderator, or someone at the command line. */
export type Actor = User | 'console'

/** The name the trail keeps for the command line. */
export const CONSOLE_ACTOR = 'command line'

function nameOf(actor: Actor) {
  if (actor === 'console') return CONSOLE_ACTOR
  return actor.fullName || `#${actor.id}`
}

/**
 * Adds an entry to the audit trail, in the transaction of the change it
 * records: the change and its entry are stored together or not at all.
 */
export async function recordModeration(
  trx: TransactionClientContract,
  entry: {
    actor: Actor
    action: ModerationAction
    petitionId?: number | null
    userId?: number | null
    reason?: string | null
  }
) {
  return ModerationEvent.create(
    {
      actorId: entry.actor === 'console' ? null : entry.actor.id,
      actorName: nameOf(entry.actor),
      action: entry.action,
      petitionId: entry.petitionId ?? null,
      userId: entry.userId ?? null,
      reason: entry.reason?.trim() || null,
    },
    { client: trx }
  )
}

/** A petition's audit trail, oldest first. */
export function trailOfPetition(petitionId: number) {
  return ModerationEvent.query().where('petition_id', petitionId).orderBy('id', 'asc')
}

/** A member's role changes, oldest first. */
export function trailOfUser(userId: number) {
  return ModerationEvent.query().where('user_id', userId).orderBy('id', 'asc')
}
