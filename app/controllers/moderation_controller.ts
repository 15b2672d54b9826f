import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import { ROLE_MODERATOR } from '#models/user'
import { moderationQueue, type QueueView } from '#services/moderation/queue'
import {
  moderatePetition,
  PETITION_ACTIONS,
  type PetitionAction,
} from '#services/moderation/petition_actions'
import { moderationActionValidator } from '#validators/moderation_action'
import { paginatorProps, requestedPage } from '#services/http/pagination'
import { flashAlert } from '#services/http/flash'
import type Petition from '#models/petition'
import QueuedPetitionTransformer from '#transformers/queued_petition_transformer'

/** Moderation is for moderators only; anyone else finds nothing here (404). */
function moderatorOf(ctx: HttpContext) {
  const user = ctx.auth.user
  if (!user || user.role !== ROLE_MODERATOR) throw new NotFoundException()
  return user
}

/** The moderators' queue and their actions on petitions, each with a reason. */
export default class ModerationController {
  /** GET /moderation: petitions to review (reported or new), or hidden ones (`view=hidden`). */
  async index(ctx: HttpContext) {
    moderatorOf(ctx)
    const view: QueueView = ctx.request.input('view') === 'hidden' ? 'hidden' : 'review'
    const { petitions, reports, trail } = await moderationQueue(
      view,
      requestedPage(ctx.request.input('page'))
    )
    petitions.baseUrl(ctx.request.url())
    const ofPetition = <Row extends { petitionId: number | null }>(rows: Row[], id: number) =>
      rows.filter((row) => row.petitionId === id)
    return ctx.inertia.render('Moderation/Queue', {
      view,
      petitions: paginatorProps(petitions, (petition: Petition) =>
        new QueuedPetitionTransformer(
          petition,
          ofPetition(reports, petition.id),
          ofPetition(trail, petition.id)
        ).toObject()
      ),
    })
  }

  /** POST /moderation/petitions/{id}/{action}: hide, restore, close or dismiss, with a reason. */
  async act(ctx: HttpContext) {
    const moderator = moderatorOf(ctx)
    const action = ctx.params.action as PetitionAction
    if (!PETITION_ACTIONS.includes(action)) throw new NotFoundException()
    const { reason } = await ctx.request.validateUsing(moderationActionValidator)
    const done = await moderatePetition(moderator, Number(ctx.params.id), action, reason)
    flashAlert(
      ctx.session,
      done ? 'success' : 'info',
      ctx.i18n.t(done ? `page.moderation.done.${action}` : 'page.moderation.nothing_to_do')
    )
    return ctx.response.redirect().back()
  }
}
