import { BaseTransformer } from '@adonisjs/core/transformers'
import type Petition from '#models/petition'
import type PetitionReport from '#models/petition_report'
import type ModerationEvent from '#models/moderation_event'
import ModerationEventTransformer from '#transformers/moderation_event_transformer'
import { hideReasonOf, type QueueReason } from '#shared/moderation'

/**
 * A petition as moderators see it, in the queue (its open reports) or on
 * its own page (all of them), with its audit trail; `user` preloaded. No
 * reporter is named.
 */
export default class ModeratedPetitionTransformer extends BaseTransformer<Petition> {
  constructor(
    petition: Petition,
    private reports: PetitionReport[],
    private trail: ModerationEvent[]
  ) {
    super(petition)
  }

  /** Why it waits in the queue (null: it does not): reported, its owner asked for a review, new. */
  private queueReason(openReports: number): QueueReason | null {
    const petition = this.resource
    if (openReports > 0) return 'reported'
    if (petition.hiddenAt && petition.reviewRequestedAt) return 'review_requested'
    if (petition.isPublic && !petition.reviewedAt) return 'new'
    return null
  }

  toObject() {
    const petition = this.resource
    const openReports = this.reports.filter((report) => !report.resolvedAt).length
    return {
      id: petition.id,
      slug: petition.slug,
      guid: petition.guid,
      title: petition.title,
      target: petition.target,
      owner: petition.user?.fullName ?? null,
      createdAt: petition.createdAt.toISO()!,
      published: petition.published,
      finished: petition.finished,
      moderatorClosedAt: petition.moderatorClosedAt?.toISO() ?? null,
      moderatorClosedReason: petition.moderatorClosedReason,
      hiddenAt: petition.hiddenAt?.toISO() ?? null,
      hiddenReason: petition.hiddenAt ? hideReasonOf(petition.hiddenReason) : null,
      hiddenNote: petition.hiddenNote,
      reviewRequestedAt: petition.reviewRequestedAt?.toISO() ?? null,
      queueReason: this.queueReason(openReports),
      openReports,
      reports: this.reports.map((report) => ({
        id: report.id,
        reason: report.reason,
        note: report.note,
        createdAt: report.createdAt.toISO()!,
        resolvedAt: report.resolvedAt?.toISO() ?? null,
      })),
      trail: this.trail.map((event) => new ModerationEventTransformer(event).toObject()),
    }
  }
}
