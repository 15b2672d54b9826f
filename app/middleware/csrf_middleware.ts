import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { checkCsrf, renewCsrfToken } from '#support/http/csrf'
import { isOneClickUnsubscribe } from '#support/http/one_click_unsubscribe'

/** The methods that change something: each must send back a CSRF token. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A language's site taking a member handed over by another: posted from
 * that other site's page, which holds no token of this one. Its Origin and
 * its single-use pass, checked by the controller, stand in for the token.
 */
const HAND_OVER_ACCEPT = '/language/hand-over/accept'

/**
 * The token API: its routes authenticate by `Authorization: Bearer` alone,
 * which no other site's page can make a browser send, and never by a cookie.
 */
const TOKEN_API = '/api/'

/**
 * CSRF protection on every route (Shield's, made cheaper for readers: see
 * `checkCsrf`). A mail client's one-click unsubscribe carries no token:
 * its signed link does. A request that logs someone in or out leaves the
 * browser a new secret and token.
 */
export default class CsrfMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const verify =
      STATE_CHANGING.has(ctx.request.method()) &&
      !isOneClickUnsubscribe(ctx) &&
      ctx.route?.pattern !== HAND_OVER_ACCEPT &&
      !ctx.route?.pattern.startsWith(TOKEN_API)
    checkCsrf(ctx, { verify })
    const memberBefore = loggedInAs(ctx)
    await next()
    if (loggedInAs(ctx) !== memberBefore) renewCsrfToken(ctx)
  }
}

/** The session guard's key for the `web` guard (config/auth.ts): the member's id. */
const MEMBER_KEY = 'auth_web'

/** Who the session says is logged in, read without asking the guard (which runs later). */
function loggedInAs({ session }: HttpContext): unknown {
  return session.get(MEMBER_KEY, null)
}
