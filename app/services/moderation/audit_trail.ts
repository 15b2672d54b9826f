import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ModerationEvent, {
  type ModerationAction,
  type ModerationDetails,
} from '#models/moderation_event'
import type Petition from '#models/petition'
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
    signatureId?: number | null
    reason?: string | null
    reasonCode?: string | null
    details?: ModerationDetails | null
    /** What a rule change is about (a domain, a network hash, a pause's end). */
    subject?: string | null
  }
) {
  return ModerationEvent.create(
    {
      actorId: entry.actor === 'console' ? null : entry.actor.id,
      actorName: nameOf(entry.actor),
      action: entry.action,
      petitionId: entry.petitionId ?? null,
      userId: entry.userId ?? null,
      signatureId: entry.signatureId ?? null,
      reason: entry.reason?.trim() || null,
      reasonCode: entry.reasonCode ?? null,
      details: entry.details ?? null,
      subject: entry.subject ?? null,
    },
    { client: trx }
  )
}

/**
 * Records a member's act on a petition when it is moderation: the act of
 * someone who is not its owner (the policy let only moderators through), a
 * petition whose owner deleted their account included. The owner's own acts
 * are theirs to make and are not recorded.
 */
export async function recordIfModeration(
  trx: TransactionClientContract,
  actor: User,
  petition: Petition,
  action: ModerationAction,
  details: { reason?: string | null; signatureId?: number | null } = {}
) {
  if (actor.id === petition.userId) return
  await recordModeration(trx, { actor, action, petitionId: petition.id, ...details })
}

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
  await db.transaction((trx) => recordIfModeration(trx, actor, petition, action))
}

/** A petition's audit trail, oldest first. */
export function trailOfPetition(petitionId: number) {
  return ModerationEvent.query().where('petition_id', petitionId).orderBy('id', 'asc')
}

/** A member's role changes, oldest first. */
export function trailOfUser(userId: number) {
  return ModerationEvent.query().where('user_id', userId).orderBy('id', 'asc')
}
