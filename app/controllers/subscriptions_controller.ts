import type { HttpContext } from '@adonisjs/core/http'
import { subscriptionValidator } from '#validators/subscription'
import {
  confirmNewsletter,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from '#services/newsletter_service'
import { flashAlert } from '#services/flash_service'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'

export default class SubscriptionsController {
  async store(ctx: HttpContext) {
    const { request, response, i18n } = ctx
    const { email } = await request.validateUsing(subscriptionValidator)
    await subscribeToNewsletter(email, isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE)
    flashAlert(ctx, 'success', i18n.t('page.subscription.requested'))
    return response.redirect().back()
  }

  async confirm(ctx: HttpContext) {
    return this.followMailedLink(
      ctx,
      'newsletter-confirm',
      confirmNewsletter,
      'page.subscription.confirmed'
    )
  }

  async unsubscribe(ctx: HttpContext) {
    return this.followMailedLink(
      ctx,
      'newsletter-unsubscribe',
      unsubscribeFromNewsletter,
      'page.subscription.unsubscribed'
    )
  }

  /** A link from a newsletter mail: acts only when its signature holds for that purpose. */
  private async followMailedLink(
    ctx: HttpContext,
    purpose: string,
    action: (subscriptionId: number) => Promise<unknown>,
    successKey: string
  ) {
    const { request, response, params, i18n } = ctx
    if (!request.hasValidSignature(purpose)) {
      flashAlert(ctx, 'error', i18n.t('page.subscription.invalid_link'))
      return response.redirect('/')
    }
    await action(Number(params.id))
    flashAlert(ctx, 'success', i18n.t(successKey))
    return response.redirect('/')
  }
}
