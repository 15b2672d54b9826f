import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { rememberIntendedUrl } from '#support/http/intended_url'

/**
 * Pages most guests reach without an account yet: they go to sign up (with
 * a link to log in) instead of a "Welcome back".
 */
const SIGN_UP_FIRST = new Set(['petitions.create'])

/**
 * Members only: a guest goes to /login (to /signup for the pages above),
 * and comes back to this page after logging in or signing up.
 */
export default class AuthMiddleware {
  get redirectTo() {
    return urlFor('auth.login')
  }

  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[] } = {}
  ) {
    if (!(await ctx.auth.check())) {
      rememberIntendedUrl(ctx.request, ctx.session)
      if (ctx.request.method() === 'GET' && SIGN_UP_FIRST.has(ctx.route?.name ?? '')) {
        return ctx.response.redirect().toRoute('auth.signup')
      }
    }
    await ctx.auth.authenticateUsing(options.guards, { loginRoute: this.redirectTo })
    return next()
  }
}
