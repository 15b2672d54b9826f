import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { carriesCookie } from '#support/http/cookie_header'

/**
 * Finds out whether the visitor is logged in, and lets every request go on
 * either way. A visitor whose session names no user and who carries no
 * remember-me cookie is a guest: asking the guard would only build and
 * catch an "unauthorized" error, the costliest part of a guest's request.
 */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const guard = ctx.auth.use('web')
    const mayBeMember =
      ctx.session.has(guard.sessionKeyName) ||
      carriesCookie(ctx.request.header('cookie'), [guard.rememberMeKeyName])
    if (mayBeMember) await ctx.auth.check()
    return next()
  }
}
