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

/** Moderation is for moderators only; anyone else finds nothing here (404). */
function moderatorOf(ctx: HttpContext) {
  const user = ctx.auth.user
  if (!user || user.role !== ROLE_MODERATOR) throw new NotFoundException()
  return user
}

/**
 * DRAFT: the queue page (Moderation/Queue) and its actions. Still to do:
 * the page itself, transformers for its props, the owner's mail on hide,
 * translations, routes in the fuzz map, tests.
 */
export default class ModerationController {
  async index(ctx: HttpContext) {
    moderatorOf(ctx)
    const view: QueueView = ctx.request.input('view') === 'hidden' ? 'hidden' : 'review'
    const { petitions, reports, trail } = await moderationQueue(
      view,
      requestedPage(ctx.request.input('page'))
    )
    petitions.baseUrl(ctx.request.url())
    return ctx.inertia.render('Moderation/Queue', {
      view,
      petitions: paginatorProps(petitions, (petition) => ({
        id: petition.id,
        slug: petition.slug,
        guid: petition.guid,
        title: petition.title,
        target: petition.target,
        owner: petition.user
          ? [petition.user.firstName, petition.user.lastName].filter(Boolean).join(' ')
          : null,
        createdAt: petition.createdAt.toISO()!,
        finished: petition.finished,
        hiddenAt: petition.hiddenAt?.toISO() ?? null,
        hiddenReason: petition.hiddenReason,
        reports: reports
          .filter((report) => report.petitionId === petition.id)
          .map((report) => ({
            reason: report.reason,
            note: report.note,
            createdAt: report.createdAt.toISO()!,
          })),
        trail: trail
          .filter((event) => event.petitionId === petition.id)
          .map((event) => ({
            action: event.action,
            actorName: event.actorName,
            reason: event.reason,
            createdAt: event.createdAt.toISO()!,
          })),
      })),
    })
  }

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
