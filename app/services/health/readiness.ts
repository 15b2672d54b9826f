import { HealthChecks } from '@adonisjs/core/health'
import { DbCheck } from '@adonisjs/lucid/database'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { RedisCheck } from '#services/health/redis_check'
import { StorageCheck } from '#services/health/storage_check'
import { QueueDepthCheck } from '#services/health/queue_depth_check'

/**
 * What a node needs before a load balancer sends it visitors: its database,
 * Redis when the site shares its state there, the uploads' storage and the
 * background queue.
 */
const readiness = new HealthChecks().register([
  new DbCheck(db.connection()).as('database'),
  ...(env.get('REDIS_HOST') ? [new RedisCheck()] : []),
  new StorageCheck(),
  new QueueDepthCheck(),
])

/** Each check by name, with its status and message (no stack, no process details). */
export async function readinessReport() {
  const report = await readiness.run()
  return {
    healthy: report.isHealthy,
    checks: report.checks.map((check) => ({
      name: check.name,
      status: check.status,
      message: check.message,
    })),
  }
}
