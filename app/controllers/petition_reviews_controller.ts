import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { requestReview } from '#services/moderation/review_request'
import { flash } from '#support/http/flash'

/** The owner of a petition the moderators hid asks them to review it. */
export default class PetitionReviewsController {
  /** POST /petition/{guid}/review: back to the moderators' queue, once. */
  async store(ctx: HttpContext) {
    const petition = await Petition.findByOrFail('guid', ctx.params.guid)
    await ctx.bouncer.with(PetitionPolicy).authorize('requestReview', petition)
    const asked = await requestReview(ctx.auth.user!, petition.id)
    flash(ctx, {
      type: asked ? 'success' : 'info',
      key: asked ? 'page.hidden.review_requested' : 'page.hidden.review_already_requested',
    })
    return ctx.response.redirect().toRoute('petitions.show', { slug: petition.slug })
  }
}
