import { BaseTransformer } from '@adonisjs/core/transformers'
import type Petition from '#models/petition'
import { hideReasonOf } from '#shared/moderation'

/** Who sees a hidden petition: its owner, or a moderator. */
export type HiddenNoticeViewer = 'owner' | 'moderator'

/**
 * The banner over a petition the moderators hid, for the two who still see
 * it: the reason of the list (never the moderator's note or name), and
 * whether its owner may ask for a review (not asked yet) or has asked.
 */
export default class HiddenNoticeTransformer extends BaseTransformer<Petition> {
  constructor(
    petition: Petition,
    private viewer: HiddenNoticeViewer
  ) {
    super(petition)
  }

  toObject() {
    const petition = this.resource
    return {
      viewer: this.viewer,
      reason: hideReasonOf(petition.hiddenReason),
      hiddenAt: petition.hiddenAt!.toISO()!,
      reviewRequestedAt: petition.reviewRequestedAt?.toISO() ?? null,
      canRequestReview: this.viewer === 'owner' && petition.reviewRequestedAt === null,
      // For a moderator's link to its moderation page.
      moderationId: this.viewer === 'moderator' ? petition.id : null,
    }
  }

  /** The notice for the viewer of a petition, or null when it is not hidden. */
  static of(petition: Petition, viewer: HiddenNoticeViewer) {
    return petition.hiddenAt ? new HiddenNoticeTransformer(petition, viewer).toObject() : null
  }
}
