import type { HttpContext } from '@adonisjs/core/http'
import { csrfTokenFor } from '#support/http/csrf'

/**
 * GET /csrf-token: the CSRF token for a guest whose page came from a shared
 * cache, without cookies: the session cookie holding a CSRF secret and the
 * XSRF-TOKEN cookie (which the client sends back as X-XSRF-TOKEN), a fresh
 * one each time, and nothing else; kept by no cache. The client asks for it
 * before it first sends a form on a page, and again after half an hour.
 */
export default class CsrfTokensController {
  async show(ctx: HttpContext) {
    await csrfTokenFor(ctx)
    ctx.response.header('Cache-Control', 'no-store')
    return ctx.response.noContent()
  }
}
