import { DateTime } from 'luxon'
import { BaseModel, beforeDelete, beforeUpdate, column } from '@adonisjs/lucid/orm'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { InvalidationFilter } from '#shared/fraud/invalidation_filter'
import type Petition from '#models/petition'
import type User from '#models/user'

/** An invalidation's entry: which one, its filter, the rows it marked and those that had counted. */
export type ModerationDetails = {
  invalidationId: number
  filter: InvalidationFilter
  signatures: number
  counted: number
}

/** What the audit trail records. */
export const MODERATION_ACTIONS = [
  'role_granted',
  'role_removed',
  'petition_hidden',
  'petition_restored',
  'petition_closed',
  'petition_reopened',
  'reports_dismissed',
  'response_added',
  'response_removed',
  'victory_marked',
  'victory_unmarked',
  // A moderator's use of another owner's signers' data, and of their petition.
  'signatures_viewed',
  'signatures_exported',
  'signature_deactivated',
  'signature_reactivated',
  'petition_edited',
  // The owner of a hidden petition asks for a review; a moderator keeps it hidden.
  'review_requested',
  'review_declined',
  // A moderator puts an earlier version of a petition's text back.
  'version_restored',
  // A moderator replaces an earlier version's text by the reason (the subject: the version's id).
  'version_redacted',
  // A moderator's bulk invalidation of a petition's signatures, and its undoing.
  'signatures_invalidated',
  'signatures_restored',
  // The moderators' rules against signing attacks (the subject: a domain or a network hash).
  'email_domain_blocked',
  'email_domain_unblocked',
  'network_blocked',
  'network_unblocked',
  'signing_paused',
  'signing_resumed',
  // A domain taken off the kept list of disposable-mail domains, and put back (the subject: the domain).
  'disposable_domain_exempted',
  'disposable_exemption_lifted',
  // A moderator's decision on a batch of paper signatures (the subject: the batch's id).
  'paper_verified',
  'paper_rejected',
  // A decision maker's address judged for the whole site (the subject: the address).
  'decision_maker_approved',
  'decision_maker_refused',
  'decision_maker_revoked',
  // A moderator removed an answer a decision maker sent through their link.
  'answer_removed',
] as const
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]

/**
 * One entry of the audit trail: who did what to which petition or member,
 * when and why. Entries are only ever added: nothing may change or delete
 * one, so that the trail can be trusted later.
 */
/** Who acted: a moderator, or someone at the command line. */
export type Actor = User | 'console'

/** The name the trail keeps for the command line. */
export const CONSOLE_ACTOR = 'command line'

/** An entry of the trail, as the change it records describes it. */
export type ModerationEntry = {
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

export default class ModerationEvent extends BaseModel {
  /**
   * Adds an entry to the audit trail, in the transaction of the change it
   * records: the change and its entry are stored together or not at all.
   */
  static record(trx: TransactionClientContract, entry: ModerationEntry) {
    return ModerationEvent.create(
      {
        actorId: entry.actor === 'console' ? null : entry.actor.id,
        actorName:
          entry.actor === 'console' ? CONSOLE_ACTOR : entry.actor.fullName || `#${entry.actor.id}`,
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
  static async recordIfModeration(
    trx: TransactionClientContract,
    actor: User,
    petition: Petition,
    action: ModerationAction,
    details: { reason?: string | null; signatureId?: number | null } = {}
  ) {
    if (actor.id === petition.userId) return
    await ModerationEvent.record(trx, { actor, action, petitionId: petition.id, ...details })
  }

  @column({ isPrimary: true })
  declare id: number

  /** The moderator; null when done from the command line. */
  @column()
  declare actorId: number | null

  /** The actor's name when it happened ("command line" for the console). */
  @column()
  declare actorName: string

  @column()
  declare petitionId: number | null

  /** The member an action is about (a role change). */
  @column()
  declare userId: number | null

  /** The signature an action is about (deactivated or reactivated). */
  @column()
  declare signatureId: number | null

  @column()
  declare action: ModerationAction

  /** What a rule change is about: a blocked domain or network hash; a pause's end (ISO). */
  @column()
  declare subject: string | null

  @column()
  declare reason: string | null

  /** A hiding's reason from the list (HIDE_REASONS); the note is `reason`. */
  @column()
  declare reasonCode: string | null

  /** What the action worked on beyond its ids (an invalidation's filter and counts); JSON text. */
  @column({
    prepare: (value: ModerationDetails | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | ModerationDetails | null) =>
      typeof value === 'string' ? JSON.parse(value) : (value ?? null),
  })
  declare details: ModerationDetails | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @beforeUpdate()
  static refuseChanges() {
    throw new Error('The moderation audit trail is append-only: an entry cannot change')
  }

  @beforeDelete()
  static refuseDeletion() {
    throw new Error('The moderation audit trail is append-only: an entry cannot be deleted')
  }
}
