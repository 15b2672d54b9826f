import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Routes that answer programs (a scraper, a load balancer), never a browser. */
const MACHINE_ROUTES = new Set(['metrics', 'health.live', 'health.ready'])

/** The API's routes: programs authenticated by a bearer token, never by a cookie. */
const API_PATTERN = /^\/api\//

/**
 * Answers to programs carry no cookie: the session's and the CSRF token's,
 * set by the router's middleware on every visit, mean nothing to a scraper
 * that never sends them back. Run here, after the router's middleware has
 * written them and before the answer is sent.
 */
export default class MachineAnswersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await next()
    // Known once the router has matched, after this middleware began.
    const name = ctx.route?.name
    const forPrograms =
      (name && MACHINE_ROUTES.has(name)) || API_PATTERN.test(ctx.route?.pattern ?? '')
    if (forPrograms) ctx.response.removeHeader('Set-Cookie')
  }
}
