import type { HttpContext } from '@adonisjs/core/http'
import { csrfTokenFor } from '#support/http/csrf'

/**
 * GET /csrf-token: the CSRF token for a guest whose page came from a shared
 * cache, without cookies: the cookie holding the browser's CSRF secret and
 * the XSRF-TOKEN cookie (which the client sends back as X-XSRF-TOKEN), set
 * again each time, and nothing else (no session); kept by no cache. The
 * client asks for it when it finds no XSRF-TOKEN before it sends a form.
 */
export default class CsrfTokensController {
  show(ctx: HttpContext) {
    csrfTokenFor(ctx)
    ctx.response.header('Cache-Control', 'no-store')
    return ctx.response.noContent()
  }
}
