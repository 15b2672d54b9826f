import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { homeOfMembers } from '#support/http/intended_url'

/** Guests only (login, sign-up, password reset): a member goes to My petitions. */
export default class GuestMiddleware {
  get redirectTo() {
    return homeOfMembers()
  }

  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[] } = {}
  ) {
    for (const guard of options.guards || [ctx.auth.defaultGuard]) {
      if (await ctx.auth.use(guard).check()) return ctx.response.redirect(this.redirectTo, true)
    }
    return next()
  }
}
