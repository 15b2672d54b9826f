import type { HttpContext } from '@adonisjs/core/http'
import { readinessReport } from '#services/health/readiness'

/**
 * Probes for load balancers and orchestrators: `live` answers as long as the
 * process serves requests; `ready` only when what it depends on answers too
 * (503 naming the check that failed).
 */
export default class HealthController {
  async live({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    return { status: 'ok' }
  }

  async ready({ response }: HttpContext) {
    const report = await readinessReport()
    response.header('Cache-Control', 'no-store')
    return response.status(report.healthy ? 200 : 503).json(report)
  }
}
