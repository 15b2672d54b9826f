import type { HttpContext } from '@adonisjs/core/http'

/**
 * GET /csrf-token: the CSRF token for a guest whose page came from a shared
 * cache, without cookies. Shield and the session answer every request with
 * the session cookie and XSRF-TOKEN (which the client sends back as
 * X-XSRF-TOKEN); this answer is nothing more, and kept by no cache. The
 * client asks for it once a page, when a form is first used.
 */
export default class CsrfTokensController {
  show({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    return response.noContent()
  }
}
