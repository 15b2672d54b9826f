import db from '@adonisjs/lucid/services/db'
import ModerationEvent from '#models/moderation_event'
import type Petition from '#models/petition'
import type User from '#models/user'

/**
 * A moderator reading another owner's signers (their table, their export)
 * writes nothing else: the entry gets a transaction of its own, and the
 * signers are shown only once it is stored.
 */
export async function recordModeratorsReading(
  actor: User,
  petition: Petition,
  action: 'signatures_viewed' | 'signatures_exported'
) {
  if (actor.id === petition.userId) return
  await db.transaction((trx) => ModerationEvent.recordIfModeration(trx, actor, petition, action))
}

/** A petition's audit trail, oldest first. */
export function trailOfPetition(petitionId: number) {
  return ModerationEvent.query().where('petition_id', petitionId).orderBy('id', 'asc')
}

/** A member's role changes, oldest first. */
export function trailOfUser(userId: number) {
  return ModerationEvent.query().where('user_id', userId).orderBy('id', 'asc')
}
