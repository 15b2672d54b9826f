import type { HttpContext } from '@adonisjs/core/http'
import { subscriptionValidator } from '#validators/subscription'
import {
  confirmNewsletter,
  linkHolds,
  subscribeToNewsletter,
  subscriptionOfLink,
  unsubscribeFromNewsletter,
} from '#services/mail/newsletter'
import { flash } from '#support/http/flash'
import { answerOneClick, isOneClickUnsubscribe } from '#support/http/one_click_unsubscribe'
import { signedFor } from '#support/http/signed_links'
import type { LinkIntent } from '#shared/newsletter'
import { localeOf } from '#app/i18n/locales'
import { subscriptionLinkProps } from '#presenters/site_presenters'

export default class SubscriptionsController {
  async store(ctx: HttpContext) {
    const { request, response, i18n } = ctx
    const { email } = await request.validateUsing(subscriptionValidator)
    await subscribeToNewsletter(email, localeOf(i18n))
    flash(ctx, { type: 'success', key: 'page.subscription.requested' })
    return response.redirect().back()
  }

  /**
   * GET of a mailed link: a page with a button only, so that mail scanners
   * opening the link neither subscribe nor unsubscribe anyone.
   */
  async showConfirm(ctx: HttpContext) {
    return this.showLink(ctx, 'subscribe')
  }

  async showUnsubscribe(ctx: HttpContext) {
    return this.showLink(ctx, 'unsubscribe')
  }

  /** POST of the same links: only these act. */
  async confirm(ctx: HttpContext) {
    return this.followLink(ctx, 'subscribe', confirmNewsletter, 'page.subscription.confirmed')
  }

  async unsubscribe(ctx: HttpContext) {
    return this.followLink(
      ctx,
      'unsubscribe',
      unsubscribeFromNewsletter,
      'page.subscription.unsubscribed'
    )
  }

  private async showLink(ctx: HttpContext, intent: LinkIntent) {
    const { request, inertia, params } = ctx
    const subscription = await subscriptionOfLink(params.id, intent, signedFor(request))
    const props = subscriptionLinkProps(intent, subscription, request.url(true))
    return inertia.render('Subscription/Confirm', props)
  }

  /**
   * A link from a newsletter mail: acts only when its signature holds for
   * that purpose. A mail client's one-click unsubscribe gets a status, not
   * a page.
   */
  private async followLink(
    ctx: HttpContext,
    intent: LinkIntent,
    action: (subscriptionId: number) => Promise<unknown>,
    successKey: string
  ) {
    const { request, response, params, i18n } = ctx
    const done = linkHolds(intent, signedFor(request)) && Boolean(await action(params.id))
    if (isOneClickUnsubscribe(ctx)) {
      const text = i18n.t(done ? successKey : 'page.subscription.invalid_link')
      return answerOneClick(ctx, done, text)
    }
    if (!done) {
      flash(ctx, { type: 'error', key: 'page.subscription.invalid_link' })
      return response.redirect().toRoute('home')
    }
    flash(ctx, { type: 'success', key: successKey })
    return response.redirect().toRoute('home')
  }
}
