import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import NotFoundException from '#exceptions/not_found_exception'
import { moderationQueue, type QueueView } from '#services/moderation/queue'
import { moderatePetition } from '#services/moderation/petition_actions'
import { pendingRecipientCount } from '#services/decision_makers/directory'
import { loadModerationPage } from '#services/moderation/moderation_page'
import { actorsOfTrail, logFilters, logQueryString, moderationLog } from '#services/moderation/log'
import { restoreVersion } from '#services/petitions/versions'
import { redactVersion } from '#services/petitions/version_redaction'
import type { PetitionAction } from '#shared/moderation'
import { requestedPage } from '#shared/pagination'
import ModerationPolicy from '#policies/moderation_policy'
import {
  hidePetitionValidator,
  moderationActionValidator,
  redactVersionValidator,
} from '#validators/moderation_action'
import { askedInvalidationCount } from '#validators/signature_invalidation'
import { flash } from '#support/http/flash'
import Petition from '#models/petition'
import {
  moderatedPetitionProps,
  moderationLogProps,
  moderationQueueProps,
} from '#presenters/moderation_presenters'

/** The moderators' queue, a petition's page, the log, and their actions on petitions. */
export default class ModerationController {
  /** GET /moderation: petitions to review (reported or new), or hidden ones (`view=hidden`). */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('moderate')
    const view: QueueView = ctx.request.input('view') === 'hidden' ? 'hidden' : 'review'
    const [queue, decisionMakersToApprove] = await Promise.all([
      moderationQueue(view, requestedPage(ctx.request.input('page'))),
      pendingRecipientCount(),
    ])
    queue.petitions.baseUrl(ctx.request.url())
    const props = moderationQueueProps(view, queue, decisionMakersToApprove, ctx.auth.user!.id)
    return ctx.inertia.render('Moderation/Queue', props)
  }

  /**
   * GET /moderation/petitions/{id}: one petition as moderators know it, in
   * the queue or not, with the count before a bulk invalidation when the
   * query string asks for it (its filter checked, errors under its fields).
   */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('moderate')
    const asked = await askedInvalidationCount(ctx.request.qs(), ctx.i18n)
    const page = await loadModerationPage(ctx.params.id, asked)
    if (!page) throw new NotFoundException()
    const props = moderatedPetitionProps(page, ctx.auth.user!.id)
    return ctx.inertia.render('Moderation/Petition', props)
  }

  /**
   * POST /moderation/petitions/{id}/versions/{version}/restore: an earlier
   * version's text back (the current one kept as a version, the act in the
   * audit trail). Moderators only; 404 for a version of another petition.
   */
  async restoreVersion(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('restoreVersion', petition)
    const done = await restoreVersion(ctx.auth.user!, petition.id, ctx.params.version)
    if (!done) throw new NotFoundException()
    flash(ctx, { type: 'success', key: 'page.moderation.done.version_restored' })
    return ctx.response.redirect().back()
  }

  /**
   * POST /moderation/petitions/{id}/versions/{version}/redact: an earlier
   * text replaced for good by the reason (audited). 403 for anyone but a
   * moderator who does not own the petition; 404 for another petition's version.
   */
  async redactVersion(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('redactVersion', petition)
    const { reason } = await ctx.request.validateUsing(redactVersionValidator)
    const done = await redactVersion(ctx.auth.user!, petition.id, ctx.params.version, reason)
    if (!done) throw new NotFoundException()
    const message =
      done === 'redacted'
        ? 'page.moderation.done.version_redacted'
        : 'page.moderation.nothing_to_do'
    flash(ctx, { type: done === 'redacted' ? 'success' : 'info', key: message })
    return ctx.response.redirect().back()
  }

  /** GET /moderation/log: the whole trail, newest first, by action (`action`) and actor (`actor`). */
  async log(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('moderate')
    const actors = await actorsOfTrail()
    const filters = logFilters(ctx.request.only(['action', 'actor']), actors)
    const log = await moderationLog(filters, requestedPage(ctx.request.input('page')))
    log.entries.baseUrl(urlFor('moderation.log')).queryString(logQueryString(filters))
    return ctx.inertia.render('Moderation/Log', moderationLogProps(log, filters, actors))
  }

  /**
   * POST /moderation/petitions/{id}/{action}: hide (a reason from the list,
   * and a note), restore, close, reopen or dismiss, with a reason.
   */
  async act(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('actOn', petition)
    // The route's matcher admits the actions only.
    const action = ctx.params.action as PetitionAction
    const done = await this.moderate(ctx, petition, action)
    flash(ctx, {
      type: done ? 'success' : 'info',
      key: done ? `page.moderation.done.${action}` : 'page.moderation.nothing_to_do',
    })
    // Back where the moderator acted: the queue, or the petition's own page.
    return ctx.response.redirect().back()
  }

  /** The action with its form: a hide takes a reason from the list and a note, the others a reason. */
  private async moderate(ctx: HttpContext, petition: Petition, action: PetitionAction) {
    if (action === 'hide') {
      const { reason, note } = await ctx.request.validateUsing(hidePetitionValidator)
      return moderatePetition(ctx.auth.user!, petition.id, action, note ?? '', reason)
    }
    const { reason } = await ctx.request.validateUsing(moderationActionValidator)
    return moderatePetition(ctx.auth.user!, petition.id, action, reason)
  }
}
