import type { HttpContext } from '@adonisjs/core/http'
import {
  isProvider,
  memberFromProvider,
  MissingProviderEmail,
  ProviderMailboxTaken,
  UnverifiedProviderEmail,
} from '#services/accounts/social_auth'
import { startSession } from '#services/accounts/sessions'
import { pullIntendedUrl } from '#services/accounts/intended_url'
import { flashAlert } from '#services/http/flash'
import { providerConfigured } from '#config/ally'
import NotFoundException from '#exceptions/not_found_exception'

/** Sign in with GitHub or Google. */
export default class SocialAuthController {
  async redirect(ctx: HttpContext) {
    const { ally, params, response, i18n } = ctx
    if (!isProvider(params.provider)) throw new NotFoundException()
    if (!providerConfigured(params.provider)) {
      flashAlert(ctx, 'error', i18n.t('page.auth.provider_unavailable'))
      return response.redirect().toRoute('auth.login')
    }
    return ally.use(params.provider).redirect()
  }

  async callback(ctx: HttpContext) {
    const { ally, params, response, i18n } = ctx
    if (!isProvider(params.provider) || !providerConfigured(params.provider))
      throw new NotFoundException()
    const provider = ally.use(params.provider)

    const failure = provider.accessDenied()
      ? 'page.auth.provider_denied'
      : provider.stateMisMatch() || provider.hasError()
        ? 'page.auth.provider_error'
        : null
    if (failure) {
      flashAlert(ctx, 'error', i18n.t(failure))
      return response.redirect().toRoute('auth.login')
    }

    try {
      const profile = await provider.user()
      const user = await memberFromProvider(params.provider, profile, i18n.locale)
      await startSession(ctx, user)
      return response.redirect(pullIntendedUrl(ctx))
    } catch (error) {
      if (error instanceof UnverifiedProviderEmail) {
        flashAlert(ctx, 'error', i18n.t('page.auth.provider_email_unverified'))
      } else if (error instanceof MissingProviderEmail) {
        flashAlert(ctx, 'error', i18n.t('page.auth.provider_email_missing'))
      } else if (error instanceof ProviderMailboxTaken) {
        flashAlert(ctx, 'error', i18n.t('page.auth.provider_mailbox_taken'))
      } else {
        ctx.logger.warn({ err: error }, 'sign-in with %s failed', params.provider)
        flashAlert(ctx, 'error', i18n.t('page.auth.provider_error'))
      }
      return response.redirect().toRoute('auth.login')
    }
  }
}
