import type { HttpContext } from '@adonisjs/core/http'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/auth'
import { requestPasswordReset, resetPassword } from '#services/accounts/password_reset'
import { endOtherSessions, startSession } from '#services/accounts/sessions'
import { flash } from '#support/http/flash'
import { forgotPasswordProps, passwordResetProps } from '#presenters/account_presenters'

export default class PasswordResetController {
  /** Auth/ForgetPassword at /auth/password/reset. */
  async create({ inertia }: HttpContext) {
    return inertia.render('Auth/ForgetPassword', forgotPasswordProps())
  }

  /** POST /auth/password/email: the same answer whether the address has an account or not. */
  async sendLink(ctx: HttpContext) {
    const { request, response, i18n } = ctx
    const { email } = await request.validateUsing(forgotPasswordValidator)
    await requestPasswordReset(email, i18n.locale)
    flash(ctx, { type: 'success', key: 'page.auth.reset_link_sent', show: 'box' })
    return response.redirect().back()
  }

  /** Auth/PasswordReset, reached from the mailed link. */
  async edit({ inertia, params, request }: HttpContext) {
    const props = passwordResetProps(String(params.token), String(request.qs().email ?? ''))
    return inertia.render('Auth/PasswordReset', props)
  }

  /** POST /auth/password/reset: a new password, then every other session ends. */
  async update(ctx: HttpContext) {
    const { request, response, session, i18n } = ctx
    const { token, email, password } = await request.validateUsing(resetPasswordValidator)
    const user = await resetPassword(email, token, password)
    if (!user) {
      session.flashExcept(['password', 'password_confirmation'])
      session.flash('inputErrorsBag', { token: [i18n.t('page.auth.reset_token_invalid')] })
      return response.redirect().back()
    }
    await startSession(ctx.auth, ctx.session, user)
    await endOtherSessions(user, session.sessionId)
    flash(ctx, { type: 'success', key: 'page.auth.password_changed' })
    return response.redirect().toRoute('my.petitions')
  }
}
