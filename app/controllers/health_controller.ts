import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { carriesBearerToken } from '#support/metrics/bearer_token'
import { readinessReport } from '#runtime/health/readiness'

/**
 * Probes for load balancers and orchestrators: `live` answers as long as the
 * process serves requests; `ready` only when what it depends on answers too
 * (503 otherwise). Anyone gets the status alone; which check failed, and
 * the queue's depth, only the monitoring that holds METRICS_TOKEN (as for
 * /metrics).
 */
export default class HealthController {
  async live({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    return { status: 'ok' }
  }

  async ready({ request, response }: HttpContext) {
    const report = await readinessReport()
    const token = env.get('METRICS_TOKEN')
    const detailed = Boolean(token) && carriesBearerToken(request.header('authorization'), token!)
    response.header('Cache-Control', 'no-store')
    return response
      .status(report.healthy ? 200 : 503)
      .json(detailed ? report : { healthy: report.healthy })
  }
}
