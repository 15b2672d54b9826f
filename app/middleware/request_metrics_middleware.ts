import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { httpRequestDuration, httpRequests } from '#runtime/metrics/process_metrics'

/**
 * The label of a request: its route's name (or pattern), never its URL, so
 * that the series stay as few as the routes. Answers without a route are
 * static files when they succeed, and one "unmatched" otherwise.
 */
function routeOf({ route }: HttpContext, status: number) {
  if (route) return route.name ?? route.pattern
  return status < 400 ? 'static' : 'unmatched'
}

/**
 * Counts every answer and how long it took, by route and status. Measured
 * when the answer has been sent ('finish'), so that an error rendered by the
 * exception handler counts with the status it was given, and a streamed
 * answer with its whole length. A request whose visitor left before the end
 * is not counted.
 */
export default class RequestMetricsMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const started = process.hrtime.bigint()
    const raw = ctx.response.response
    raw.once('finish', () => {
      const labels = { route: routeOf(ctx, raw.statusCode), status: String(raw.statusCode) }
      httpRequests.inc(labels)
      httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9)
    })
    return next()
  }
}
