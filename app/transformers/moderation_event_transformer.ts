import { BaseTransformer } from '@adonisjs/core/transformers'
import type ModerationEvent from '#models/moderation_event'
import { hideReasonOf } from '#shared/moderation'

/**
 * An entry of the audit trail: who (null id: the command line), what, about
 * which petition, member or signature, when and why. The log adds the title
 * of the petition (null once it is deleted) and the member's name.
 */
export default class ModerationEventTransformer extends BaseTransformer<ModerationEvent> {
  constructor(
    event: ModerationEvent,
    private named: { petitionTitle?: string | null; memberName?: string | null } = {}
  ) {
    super(event)
  }

  toObject() {
    const event = this.resource
    return {
      id: event.id,
      action: event.action,
      actorId: event.actorId,
      actorName: event.actorName,
      petitionId: event.petitionId,
      petitionTitle: this.named.petitionTitle ?? null,
      userId: event.userId,
      memberName: this.named.memberName ?? null,
      signatureId: event.signatureId,
      reason: event.reason,
      reasonCode: event.reasonCode ? hideReasonOf(event.reasonCode) : null,
      /** An invalidation's filter and counts (its undoing's too); null for other actions. */
      details: event.details,
      /** What a rule change is about: a domain, a network hash, a pause's end (ISO). */
      subject: event.subject,
      createdAt: event.createdAt.toISO()!,
    }
  }
}
