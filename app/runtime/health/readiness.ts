import { HealthChecks } from '@adonisjs/core/health'
import { DbCheck } from '@adonisjs/lucid/database'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { RedisCheck } from '#runtime/health/redis_check'
import { StorageCheck } from '#runtime/health/storage_check'
import { QueueDepthCheck } from '#runtime/health/queue_depth_check'
import { readinessReports } from '#runtime/caches/process_caches'

export type ReadinessReport = {
  healthy: boolean
  checks: Array<{ name: string; status: string; message: string }>
}

const storage = new StorageCheck()

/**
 * What a node needs before a load balancer sends it visitors: its database,
 * Redis when the site shares its state there, the uploads' storage and the
 * background queue.
 */
const checks = new HealthChecks().register([
  new DbCheck(db.connection()).as('database'),
  ...(env.get('REDIS_HOST') ? [new RedisCheck()] : []),
  storage,
  new QueueDepthCheck(),
])

/** Each check by name, with its status and message (no stack, no process details). */
async function runChecks(): Promise<ReadinessReport> {
  const report = await checks.run()
  return {
    healthy: report.isHealthy,
    checks: report.checks.map((check) => ({
      name: check.name,
      status: check.status,
      message: check.message,
    })),
  }
}

/**
 * The node's readiness: balancers and monitors may probe every second, and
 * anyone can call the address, so the checks run again only once the last
 * run is 5 s old (runtime/caches/process_caches); probes meanwhile, and
 * those that come while it runs, get that same run's result.
 */
export function readinessReport(): Promise<ReadinessReport> {
  return readinessReports.get('report', runChecks)
}

/** The next probe runs every check anew, the storage's write included. */
export function forgetReadiness() {
  readinessReports.clear()
  storage.forget()
}
