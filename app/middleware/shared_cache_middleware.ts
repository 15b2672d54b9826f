import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import {
  PRIVATE_CACHE_CONTROL,
  SHARED_CACHE_CONTROL,
  isShareableAnswer,
  isSharedGuestAnswer,
} from '#support/http/shared_cache'

type Options = {
  /** Seconds browsers may keep a shared answer too (open data, read by other sites' scripts). */
  browserMaxAge?: number
  /** The answer is the same for everyone, members included (open data reads no session). */
  sameForEveryone?: boolean
}

/**
 * Pages every guest sees alike (the home page, the list, a petition's page)
 * and open data: a guest's answer may be kept by a shared cache for a
 * second (see `SHARED_CACHE_CONTROL`) and carries no cookie (the public
 * answers middleware drops them: a guest gets the CSRF token from
 * GET /csrf-token when they first use a form); anyone else's answer is
 * private. The HTML page and the Inertia visit's JSON share a URL, so both
 * say they vary by X-Inertia.
 */
export default class SharedCacheMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: Options = {}) {
    await next()
    const { response } = ctx
    // Added to what the answer varies by already (a feed, by Accept).
    response.append('Vary', 'X-Inertia')
    const shared = options.sameForEveryone ? isShareableAnswer(ctx) : isSharedGuestAnswer(ctx)
    if (!shared) {
      response.header('Cache-Control', PRIVATE_CACHE_CONTROL)
      return
    }
    const maxAge = options.browserMaxAge ? `, max-age=${options.browserMaxAge}` : ''
    response.header('Cache-Control', SHARED_CACHE_CONTROL + maxAge)
  }
}
