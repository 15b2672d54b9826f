import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import {
  answerAsRecipient,
  deliveryOfLink,
  mailsStopped,
  stopMails,
} from '#services/decision_makers/answers'
import { decisionMakerAnswerValidator } from '#validators/decision_maker_answer'
import { answerFormProps, stopRecipientMailsProps } from '#presenters/decision_maker_presenters'
import { flash } from '#support/http/flash'
import { answerOneClick, isOneClickUnsubscribe } from '#support/http/one_click_unsubscribe'
import { signedFor } from '#support/http/signed_links'

/**
 * The links of the mail a petition's decision maker gets at a milestone:
 * answer it in public, without an account, and stop its mails. Opening a
 * link changes nothing; only its form's POST, to the same signed URL, acts.
 */
export default class DecisionMakersController {
  /** GET of the answer link: the petition and the form, or why the link no longer answers. */
  async answerForm({ request, inertia, params }: HttpContext) {
    const delivery = await deliveryOfLink(params.id, signedFor(request), 'answer')
    return inertia.render('Petition/Answer', answerFormProps(delivery, request.url(true)))
  }

  /** POST of the answer link: published once, then the petition with the answer. */
  async answer(ctx: HttpContext) {
    const { request, response, params } = ctx
    const delivery = await deliveryOfLink(params.id, signedFor(request), 'answer')
    if (!delivery || delivery.answeredAt || !delivery.petition.isPublic) {
      return this.refuseAnswer(ctx, 'invalid_link')
    }
    const payload = await request.validateUsing(decisionMakerAnswerValidator)
    const published = await answerAsRecipient(delivery, payload)
    // Used meanwhile (by another tab or a double click), or the petition holds all it may.
    if (typeof published === 'string') return this.refuseAnswer(ctx, published)
    flash(ctx, { type: 'success', key: 'page.decision_answer.published' })
    return response.redirect(urlFor('petitions.show', { slug: delivery.petition.slug }))
  }

  /** Back to the form, with why the answer was not published above it. */
  private refuseAnswer(ctx: HttpContext, reason: string) {
    flash(ctx, { type: 'error', key: `page.decision_answer.${reason}`, show: 'box' })
    return ctx.response.redirect().back()
  }

  /** GET of the stop link: a button only, so that mail scanners stop nothing. */
  async stopForm({ request, inertia, params }: HttpContext) {
    const delivery = await deliveryOfLink(params.id, signedFor(request), 'stop')
    const stopped = delivery ? await mailsStopped(delivery) : false
    const props = stopRecipientMailsProps(delivery, request.url(true), stopped)
    return inertia.render('Petition/StopRecipientMails', props)
  }

  /** POST of the stop link: no more mails about this petition to this address. */
  async stop(ctx: HttpContext) {
    const { request, response, params, i18n } = ctx
    const delivery = await deliveryOfLink(params.id, signedFor(request), 'stop')
    if (delivery) await stopMails(delivery)
    if (isOneClickUnsubscribe(ctx)) {
      const text = i18n.t(delivery ? 'page.decision_stop.done' : 'page.decision_stop.invalid_link')
      return answerOneClick(ctx, delivery !== null, text)
    }
    if (!delivery) {
      flash(ctx, { type: 'error', key: 'page.decision_stop.invalid_link', show: 'box' })
      return response.redirect().back()
    }
    flash(ctx, { type: 'success', key: 'page.decision_stop.done', show: 'box' })
    return response.redirect(request.url(true))
  }
}
