import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import DecisionMakerAddress from '#models/decision_maker_address'
import ModerationPolicy from '#policies/moderation_policy'
import NotFoundException from '#exceptions/not_found_exception'
import {
  changeDirectoryEntry,
  directoryPage,
  judgeRecipientAddress,
  pendingRecipients,
  recipientToJudge,
} from '#services/decision_makers/directory'
import {
  decisionMakerAddressValidator,
  directorySearchValidator,
} from '#validators/decision_maker_address'
import { decisionMakersProps } from '#presenters/decision_maker_presenters'
import { requestedPage } from '#shared/pagination'
import { flash } from '#support/http/flash'

/**
 * The decision makers' addresses moderators approve before any petition is
 * mailed to them: those waiting (with their petition and letter), and the
 * site-wide directory of those judged (search, approve again, revoke).
 */
export default class DecisionMakerAddressesController {
  /** GET /moderation/decision-makers: addresses to approve, and the directory (`q`, `page`). */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('moderate')
    const { q = '' } = await ctx.request.validateUsing(directorySearchValidator, {
      data: { q: ctx.request.input('q') },
    })
    const [pending, directory] = await Promise.all([
      pendingRecipients(),
      directoryPage(q, requestedPage(ctx.request.input('page'))),
    ])
    directory.baseUrl(urlFor('moderation.decision_makers')).queryString(q ? { q } : {})
    const props = decisionMakersProps(pending, directory, q, ctx.auth.user!.id)
    return ctx.inertia.render('Moderation/DecisionMakers', props)
  }

  /** POST /moderation/decision-makers/recipients/{id}: approve or refuse a waiting recipient's address. */
  async judge(ctx: HttpContext) {
    const recipient = await recipientToJudge(Number(ctx.params.id))
    if (!recipient) throw new NotFoundException()
    await ctx.bouncer
      .with(ModerationPolicy)
      .authorize('judgeAddress', { userId: recipient.$extras.user_id ?? null })
    const { decision, reason } = await ctx.request.validateUsing(decisionMakerAddressValidator)
    const done = await judgeRecipientAddress(ctx.auth.user!, recipient, decision, reason ?? null)
    this.flash(ctx, done ? decision : null)
    return ctx.response.redirect().back()
  }

  /** POST /moderation/decision-makers/{id}: approve again, or revoke, an address of the directory. */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('keepDirectory')
    const entry = await DecisionMakerAddress.find(ctx.params.id)
    if (!entry) throw new NotFoundException()
    const { decision, reason } = await ctx.request.validateUsing(decisionMakerAddressValidator)
    const done = await changeDirectoryEntry(ctx.auth.user!, entry, decision, reason ?? null)
    this.flash(ctx, done ? decision : null)
    return ctx.response.redirect().back()
  }

  private flash(ctx: HttpContext, decision: 'approve' | 'refuse' | null) {
    const key = decision
      ? `page.moderation.decision_makers.done_${decision}`
      : 'page.moderation.nothing_to_do'
    flash(ctx, { type: decision ? 'success' : 'info', key })
  }
}
