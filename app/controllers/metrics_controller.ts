import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@adonisjs/core'
import env from '#start/env'
import { carriesBearerToken } from '#support/metrics/bearer_token'
import { METRICS_CONTENT_TYPE, scrapeMetrics } from '#runtime/metrics/scrape'

/**
 * Prometheus's scrape: only with `Authorization: Bearer $METRICS_TOKEN`
 * (401 otherwise); without a token set, the address does not exist (404).
 */
export default class MetricsController {
  async show({ request, response }: HttpContext) {
    const token = env.get('METRICS_TOKEN')
    if (!token) throw new errors.E_ROUTE_NOT_FOUND([request.method(), request.url()])
    response.header('Cache-Control', 'no-store')
    if (!carriesBearerToken(request.header('authorization'), token)) {
      response.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return response.status(401).send('Unauthorized')
    }
    response.header('Content-Type', METRICS_CONTENT_TYPE)
    return response.send(await scrapeMetrics())
  }
}
