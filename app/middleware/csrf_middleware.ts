import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { checkCsrf } from '#support/http/csrf'
import { isOneClickUnsubscribe } from '#support/http/one_click_unsubscribe'

/** The methods that change something: each must send back a CSRF token. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * CSRF protection on every route (Shield's, made cheaper for readers: see
 * `checkCsrf`). A mail client's one-click unsubscribe carries no token:
 * its signed link does.
 */
export default class CsrfMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const verify = STATE_CHANGING.has(ctx.request.method()) && !isOneClickUnsubscribe(ctx)
    await checkCsrf(ctx, { verify })
    return next()
  }
}
