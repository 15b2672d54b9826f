import type { HttpContext } from '@adonisjs/core/http'
import { loginValidator } from '#validators/auth'
import { attemptLogin, type LoginRefusal } from '#services/accounts/login'
import { endSession, startSession } from '#services/accounts/sessions'
import { pullIntendedUrl } from '#support/http/intended_url'
import { flash } from '#support/http/flash'
import { loginProps } from '#presenters/account_presenters'

export default class SessionController {
  /** Auth/Login; the bot check shows once a login to the account asked for it. */
  async show({ inertia, session }: HttpContext) {
    const botCheckRequired = session.flashMessages.get('botCheckRequired') === true
    return inertia.render('Auth/Login', loginProps(botCheckRequired))
  }

  async store(ctx: HttpContext) {
    const { request, response } = ctx
    const { email, password, cfTurnstileResponse } = await request.validateUsing(loginValidator)
    const outcome = await attemptLogin({
      email: email.toLowerCase(),
      password,
      ip: request.ip(),
      botCheckToken: cfTurnstileResponse,
    })
    if (!outcome.user) return this.refuse(ctx, outcome)
    await startSession(ctx.auth, ctx.session, outcome.user)
    return response.redirect(pullIntendedUrl(ctx.session))
  }

  /** Back to the form, its e-mail kept, with the bot check when the server asks for it. */
  private refuse(ctx: HttpContext, outcome: LoginRefusal) {
    const { session, i18n } = ctx
    session.flashExcept(['password', 'cfTurnstileResponse'])
    if (outcome.botCheckRequired) session.flash('botCheckRequired', true)
    if (outcome.refusal === 'bot_check') {
      session.flash('inputErrorsBag', {
        cfTurnstileResponse: [i18n.t('validator.shared.messages.turnstile')],
      })
      flash(ctx, { type: 'error', key: 'page.auth.bot_check_required', show: 'box' })
    } else {
      // One message for an unknown address and a wrong password alike.
      flash(ctx, { type: 'error', key: 'page.auth.invalid_credentials', show: 'box' })
    }
    return ctx.response.redirect().back()
  }

  /**
   * GET /logout (old links): a page whose button logs out; opening it does
   * nothing by itself. A guest has no session to end.
   */
  async confirmLogout({ inertia, auth, response }: HttpContext) {
    if (!auth.user) return response.redirect().toRoute('home')
    return inertia.render('Auth/Logout', {})
  }

  /** POST /logout: ends the session. */
  async destroy(ctx: HttpContext) {
    await endSession(ctx.auth, ctx.session)
    return ctx.response.redirect().toRoute('home')
  }
}
