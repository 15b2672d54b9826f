import { BaseTransformer } from '@adonisjs/core/transformers'
import type Petition from '#models/petition'
import type PetitionReport from '#models/petition_report'
import type ModerationEvent from '#models/moderation_event'

/** A petition of the moderators' queue, with its open reports and its audit trail; `user` preloaded. */
export default class QueuedPetitionTransformer extends BaseTransformer<Petition> {
  constructor(
    petition: Petition,
    private reports: PetitionReport[],
    private trail: ModerationEvent[]
  ) {
    super(petition)
  }

  toObject() {
    const petition = this.resource
    return {
      id: petition.id,
      slug: petition.slug,
      guid: petition.guid,
      title: petition.title,
      target: petition.target,
      owner: petition.user?.fullName ?? null,
      createdAt: petition.createdAt.toISO()!,
      finished: petition.finished,
      hiddenAt: petition.hiddenAt?.toISO() ?? null,
      hiddenReason: petition.hiddenReason,
      reports: this.reports.map((report) => ({
        reason: report.reason,
        note: report.note,
        createdAt: report.createdAt.toISO()!,
      })),
      trail: this.trail.map((event) => ({
        action: event.action,
        actorName: event.actorName,
        reason: event.reason,
        createdAt: event.createdAt.toISO()!,
      })),
    }
  }
}
