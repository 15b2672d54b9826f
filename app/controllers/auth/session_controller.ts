import type { HttpContext } from '@adonisjs/core/http'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import { loginValidator } from '#validators/auth'
import { loginFailuresLimiter } from '#start/limiter'
import { endSession, startSession } from '#services/session_service'
import { pullIntendedUrl } from '#services/intended_url'
import { flashMessage } from '#services/flash_service'

export default class SessionController {
  async show({ inertia }: HttpContext) {
    return inertia.render('Auth/Login', {})
  }

  async store(ctx: HttpContext) {
    const { request, response, session, i18n } = ctx
    const { email, password } = await request.validateUsing(loginValidator)
    const address = email.toLowerCase()

    const user = await this.verifyCredentials(address, password)

    if (!user) {
      // One message for an unknown address and a wrong password alike.
      session.flashExcept(['password'])
      flashMessage(ctx, 'error', i18n.t('page.auth.invalid_credentials'))
      return response.redirect().back()
    }
    await startSession(ctx, user)
    return response.redirect(pullIntendedUrl(ctx))
  }

  /**
   * The member with these credentials, or null. Failed attempts count per
   * account too, whatever address they come from; past the limit, a 429.
   */
  private async verifyCredentials(email: string, password: string): Promise<User | null> {
    const verify = () => User.verifyCredentials(email, password)
    const failures = loginFailuresLimiter()
    try {
      if (!failures) return await verify()
      const [limited, user] = await failures.penalize(`login_${email}`, verify)
      if (limited) throw limited
      return user
    } catch (error) {
      if (error instanceof authErrors.E_INVALID_CREDENTIALS) return null
      throw error
    }
  }

  /**
   * GET /logout (old links): a page whose button logs out; opening it does
   * nothing by itself. A guest has no session to end.
   */
  async confirmLogout({ inertia, auth, response }: HttpContext) {
    if (!auth.user) return response.redirect('/')
    return inertia.render('Auth/Logout', {})
  }

  /** POST /logout: ends the session. */
  async destroy(ctx: HttpContext) {
    await endSession(ctx)
    return ctx.response.redirect('/')
  }
}
