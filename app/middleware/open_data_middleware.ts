import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Open data may be read by any page on any site: a plain GET needs no
 * preflight, so allowing every origin (without credentials, which these
 * answers never depend on) is all CORS asks. How long caches keep an
 * answer is the shared cache middleware's (browsers a minute, revalidated
 * by the ETag).
 */
export default class OpenDataMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    response.header('Access-Control-Allow-Origin', '*')
    return next()
  }
}
