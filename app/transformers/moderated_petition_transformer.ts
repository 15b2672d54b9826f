import { BaseTransformer } from '@adonisjs/core/transformers'
import type Petition from '#models/petition'
import type PetitionReport from '#models/petition_report'
import type ModerationEvent from '#models/moderation_event'
import type SigningAlert from '#models/signing_alert'
import ModerationEventTransformer from '#transformers/moderation_event_transformer'
import { hideReasonOf, type QueueReason } from '#shared/moderation'

/**
 * A petition as moderators see it, in the queue (its open reports) or on
 * its own page (all of them), with its audit trail and its open alerts of
 * unusual signing (the newest first); `user` preloaded. No reporter is
 * named; an alert names a network by its keyed hash only.
 */
export default class ModeratedPetitionTransformer extends BaseTransformer<Petition> {
  constructor(
    petition: Petition,
    private reports: PetitionReport[],
    private trail: ModerationEvent[],
    private alerts: SigningAlert[],
    /** The moderator looking: on their own petition another moderator decides. */
    private viewerId: number
  ) {
    super(petition)
  }

  /**
   * Why it waits in the queue (null: it does not): unusual signing,
   * reported, paper signatures to verify, its owner asked for a review, new.
   */
  private queueReason(
    openReports: number,
    signingAlert: boolean,
    pendingPaper: number
  ): QueueReason | null {
    const petition = this.resource
    if (signingAlert && petition.isPublic) return 'unusual_signing'
    if (openReports > 0) return 'reported'
    if (pendingPaper > 0 && petition.isPublic) return 'paper_to_verify'
    if (petition.hiddenAt && petition.reviewRequestedAt) return 'review_requested'
    if (petition.isPublic && !petition.reviewedAt) return 'new'
    return null
  }

  toObject() {
    const petition = this.resource
    const openReports = this.reports.filter((report) => !report.resolvedAt).length
    const alert = this.alerts.find((open) => !open.resolvedAt && open.petitionId === petition.id)
    /** Its batches of paper signatures waiting for verification (the query's count). */
    const pendingPaper = Number(petition.$extras.pending_paper_batches ?? 0)
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
      queueReason: this.queueReason(openReports, alert !== undefined, pendingPaper),
      pendingPaperBatches: pendingPaper,
      openReports,
      /** The viewer owns it: they see it, another moderator decides on it. */
      ownPetition: petition.userId !== null && petition.userId === this.viewerId,
      /** The newest open alert of unusual signing: the network's hash or the domain, and its count. */
      signingAlert: alert
        ? {
            kind: alert.kind,
            subject: alert.subject,
            signatures: alert.signatures,
            createdAt: alert.createdAt.toISO()!,
          }
        : null,
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
