import type { HttpContext } from '@adonisjs/core/http'
import { myAccountProps } from '#presenters/member_presenters'
import {
  emailChangeValidator,
  passwordChangeValidator,
  profileValidator,
} from '#validators/account'
import { updateProfile } from '#services/accounts/profile'
import { changePassword, mailPasswordSetLink } from '#services/accounts/password_change'
import { cancelEmailChange, requestEmailChange } from '#services/accounts/email_change'
import { unlinkProvider, UnlinkWouldLockOut } from '#services/accounts/social_auth'
import { isProvider } from '#config/ally'
import { flash } from '#support/http/flash'
import NotFoundException from '#exceptions/not_found_exception'
import { apiTokensOf, latestUsesOf } from '#services/api_tokens/tokens'
import { newApiTokenFlashed } from '#support/http/new_api_token'

/** My/Account: the member's names, password, e-mail, linked providers and API tokens. */
export default class SettingsController {
  async show(ctx: HttpContext) {
    const { inertia, auth, response } = ctx
    const user = auth.getUserOrFail()
    const tokens = await apiTokensOf(user)
    const uses = await latestUsesOf(tokens.map((token) => Number(token.identifier)))
    // The member's own page, with a token's value once: no cache keeps a copy.
    response.header('Cache-Control', 'private, no-store')
    const newToken = newApiTokenFlashed(ctx)
    return inertia.render('My/Account', myAccountProps(user, { tokens, uses, newToken }))
  }

  async updateProfile(ctx: HttpContext) {
    const { request, response, auth } = ctx
    const names = await request.validateUsing(profileValidator)
    await updateProfile(auth.getUserOrFail(), names)
    flash(ctx, { type: 'success', key: 'page.account.profile_saved' })
    return response.redirect().toRoute('my.account')
  }

  /** A new password; every other session of the member ends. */
  async updatePassword(ctx: HttpContext) {
    const { request, response, auth, session } = ctx
    const payload = await request.validateUsing(passwordChangeValidator)
    await changePassword(auth.getUserOrFail(), payload, session.sessionId)
    flash(ctx, { type: 'success', key: 'page.account.password_saved' })
    return response.redirect().toRoute('my.account')
  }

  /** An account without a password: a link to set one, mailed to its address. */
  async sendPasswordLink(ctx: HttpContext) {
    const { response, auth, i18n } = ctx
    const user = auth.getUserOrFail()
    if (await mailPasswordSetLink(user, i18n.locale)) {
      flash(ctx, {
        type: 'success',
        key: 'page.account.password_link_sent',
        params: { email: user.email },
      })
    } else {
      flash(ctx, { type: 'error', key: 'page.account.mail_limited' })
    }
    return response.redirect().toRoute('my.account')
  }

  /** Asks for a move to another address: it happens when the link mailed there is followed. */
  async requestEmailChange(ctx: HttpContext) {
    const { request, response, auth, i18n } = ctx
    const user = auth.getUserOrFail()
    const payload = await request.validateUsing(emailChangeValidator)
    await requestEmailChange(user, payload, i18n.locale)
    flash(ctx, {
      type: 'success',
      key: 'page.account.email_link_sent',
      params: { email: user.pendingEmail },
    })
    return response.redirect().toRoute('my.account')
  }

  async cancelEmailChange(ctx: HttpContext) {
    const { response, auth } = ctx
    await cancelEmailChange(auth.getUserOrFail())
    flash(ctx, { type: 'info', key: 'page.account.email_change_cancelled' })
    return response.redirect().toRoute('my.account')
  }

  /** Unlinks GitHub or Google, only from an account that keeps a password to log in with. */
  async unlinkProvider(ctx: HttpContext) {
    const { params, response, auth, i18n } = ctx
    if (!isProvider(params.provider)) throw new NotFoundException()
    const provider = i18n.t(`page.auth.${params.provider}`)
    try {
      await unlinkProvider(auth.getUserOrFail(), params.provider)
      flash(ctx, { type: 'success', key: 'page.account.provider_unlinked', params: { provider } })
    } catch (error) {
      if (!(error instanceof UnlinkWouldLockOut)) throw error
      flash(ctx, {
        type: 'error',
        key: 'page.account.provider_needs_password',
        params: { provider },
      })
    }
    return response.redirect().toRoute('my.account')
  }
}
