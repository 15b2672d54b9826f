import type { HttpContext } from '@adonisjs/core/http'
import {
  memberFromProvider,
  providerRefusal,
  ProviderSignInRefused,
} from '#services/accounts/social_auth'
import { isProvider } from '#config/ally'
import { startSession } from '#services/accounts/sessions'
import { pullIntendedUrl } from '#support/http/intended_url'
import { flash } from '#support/http/flash'
import { providerConfigured } from '#config/ally'
import NotFoundException from '#exceptions/not_found_exception'

/** Sign in with GitHub or Google. */
export default class SocialAuthController {
  async redirect(ctx: HttpContext) {
    const { ally, params } = ctx
    if (!isProvider(params.provider)) throw new NotFoundException()
    if (!providerConfigured(params.provider)) {
      return this.backToLogin(ctx, 'page.auth.provider_unavailable')
    }
    return ally.use(params.provider).redirect()
  }

  async callback(ctx: HttpContext) {
    const { ally, params, response, i18n } = ctx
    const name = params.provider
    if (!isProvider(name) || !providerConfigured(name)) throw new NotFoundException()
    const provider = ally.use(name)
    const refusal = providerRefusal(provider)
    if (refusal) return this.backToLogin(ctx, refusal)
    try {
      const user = await memberFromProvider(name, await provider.user(), i18n.locale)
      await startSession(ctx.auth, ctx.session, user)
      return response.redirect(pullIntendedUrl(ctx.session))
    } catch (error) {
      if (error instanceof ProviderSignInRefused) return this.backToLogin(ctx, error.reason)
      ctx.logger.warn({ err: error }, 'sign-in with %s failed', name)
      return this.backToLogin(ctx, 'page.auth.provider_error')
    }
  }

  private backToLogin(ctx: HttpContext, messageKey: string) {
    flash(ctx, { type: 'error', key: messageKey })
    return ctx.response.redirect().toRoute('auth.login')
  }
}
