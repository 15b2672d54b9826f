import { Gauge, Registry } from 'prom-client'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { queueBacklog } from '#runtime/metrics/queue_backlog'

/**
 * What every worker shares (the counters' pending rows, the queue), read
 * from the database or Redis by the worker that answers a scrape, once:
 * summed over the workers, as their own metrics are, it would count N times.
 * A store that does not answer reports NaN (unknown), never a reassuring 0;
 * /health/ready names it.
 */
const sharedStateMetrics = new Registry()

const pendingCounterRows = new Gauge({
  name: 'undersign_signature_counter_pending_rows',
  help: 'Counted signatures not yet added to their petitions by the counter flush (about once a second)',
  registers: [sharedStateMetrics],
})

const waitingJobs = new Gauge({
  name: 'undersign_queue_waiting_jobs',
  help: 'Background jobs (mails first) waiting for a worker',
  registers: [sharedStateMetrics],
})

const oldestJobAge = new Gauge({
  name: 'undersign_queue_oldest_waiting_job_age_seconds',
  help: 'How long the longest-waiting background job has waited for a worker (0 when none waits)',
  registers: [sharedStateMetrics],
})

async function read<T>(what: string, reader: () => Promise<T>): Promise<T | null> {
  try {
    return await reader()
  } catch (error) {
    logger.warn({ err: error }, `metrics: ${what} could not be read`)
    return null
  }
}

async function pendingRows() {
  const [row] = await db.from('signature_count_deltas').count('* as total')
  return Number(row.total)
}

/** The shared state as it is now, in Prometheus's text format. */
export async function sharedStateText() {
  const [pending, backlog] = await Promise.all([
    read('the pending counter rows', pendingRows),
    read('the queue', () => queueBacklog()),
  ])
  pendingCounterRows.set(pending ?? Number.NaN)
  waitingJobs.set(backlog?.waiting ?? Number.NaN)
  oldestJobAge.set(backlog?.oldestAgeSeconds ?? Number.NaN)
  return sharedStateMetrics.metrics()
}
