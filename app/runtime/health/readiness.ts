import { HealthChecks } from '@adonisjs/core/health'
import { DbCheck } from '@adonisjs/lucid/database'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { RedisCheck } from '#runtime/health/redis_check'
import { StorageCheck } from '#runtime/health/storage_check'
import { QueueDepthCheck } from '#runtime/health/queue_depth_check'

/**
 * Balancers and monitors may probe every second, and anyone can call the
 * address: the checks run at most once in this long per process, and every
 * probe meanwhile gets their result.
 */
export const READINESS_REUSED_MS = 5_000

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

let last: { startedAt: number; report: Promise<ReadinessReport> } | null = null

/**
 * The node's readiness, run again once the last run is READINESS_REUSED_MS
 * old; probes that come while it runs wait for that same run.
 */
export function readinessReport(): Promise<ReadinessReport> {
  const now = Date.now()
  if (last && now - last.startedAt < READINESS_REUSED_MS) return last.report
  const run = { startedAt: now, report: runChecks() }
  last = run
  run.report.catch(() => {
    if (last === run) last = null
  })
  return run.report
}

/** The next probe runs every check anew, the storage's write included. */
export function forgetReadiness() {
  last = null
  storage.forget()
}
