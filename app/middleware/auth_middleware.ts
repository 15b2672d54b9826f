import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { rememberIntendedUrl } from '#support/http/intended_url'

/**
 * Members only: a guest goes to /login, and comes back to this page after
 * logging in.
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
    if (!(await ctx.auth.check())) rememberIntendedUrl(ctx.request, ctx.session)
    await ctx.auth.authenticateUsing(options.guards, { loginRoute: this.redirectTo })
    return next()
  }
}
