import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Open data may be read by any page on any site: a plain GET needs no
 * preflight, so allowing every origin (without credentials, which these
 * answers never depend on) is all CORS asks. Answers are shared by caches
 * for a minute and revalidated by their ETag.
 */
export default class OpenDataMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    response.header('Access-Control-Allow-Origin', '*')
    response.header('Cache-Control', 'public, max-age=60')
    return next()
  }
}
