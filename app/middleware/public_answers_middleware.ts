import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { PRIVATE_CACHE_CONTROL } from '#support/http/shared_cache'
import { dropNonceOf } from '#support/http/script_hashes'

/**
 * An answer marked `Cache-Control: public` (guests' pages, the petition
 * widget, its QR code, robots.txt, the sitemap) is the same for everyone,
 * so it carries no cookie: the session's or the CSRF token's, set by the
 * router's middleware on every visit. A shared cache would hand them to the
 * next visitor, and most caches refuse to keep an answer that sets one. Nor
 * does it carry a CSP nonce, which a cache would hand out just as well: its
 * inline scripts are allowed by their hashes (a shared guest page brings
 * them from its rendering). Run here, after the router's middleware has
 * written them and before the answer is sent.
 */
export default class PublicAnswersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { response } = ctx
    await next()
    // Static files are written by their middleware before this runs, and set no cookie.
    if (response.response.headersSent) return
    if (!/^\s*public\b/i.test(String(response.getHeader('Cache-Control') ?? ''))) return
    // Inertia's answer to a client on another build (409, written after the
    // route's middleware marked the page public) is for that client only: a
    // cache that does not key on X-Inertia-Version would send every visitor
    // to reload.
    if (response.getStatus() === 409) {
      response.header('Cache-Control', PRIVATE_CACHE_CONTROL)
      return
    }
    response.removeHeader('Set-Cookie')
    dropNonceOf(ctx)
  }
}
