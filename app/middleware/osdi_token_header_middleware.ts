import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * OSDI's header for a token, `OSDI-API-Token: ust_…`, which OSDI clients
 * (Action Network's among them) send instead of `Authorization: Bearer`:
 * read as that, so the token guard sees one kind of header. An
 * `Authorization` header sent along wins. OSDI's `?osdi-api-token=` is not
 * taken: a token in an address ends up in logs and histories.
 */
export default class OsdiTokenHeaderMiddleware {
  async handle({ request }: HttpContext, next: NextFn) {
    const token = request.header('osdi-api-token')
    if (token && !request.header('authorization')) {
      request.request.headers.authorization = `Bearer ${token.trim()}`
    }
    return next()
  }
}
