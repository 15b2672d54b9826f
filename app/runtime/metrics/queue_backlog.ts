import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import queue from '@adonisjs/queue/services/main'

/** The queue the site's jobs wait in (app/jobs: every job names it). */
const QUEUE = 'default'

/**
 * How @boringnode/queue orders waiting jobs: by a score of
 * `priority × 10^13 + the time it became due (ms)`, lowest first, in the
 * database adapter's `queue_jobs` table and the Redis adapter's sorted set
 * `jobs::<queue>::pending`. The adapter answers how many wait, not since
 * when: the age is read from that storage here, in one place, and a test
 * (tests/functional/operations/metrics.spec.ts) fails if a release of the
 * queue stores it otherwise.
 */
const PRIORITY_FACTOR = 10_000_000_000_000
/** Priorities a job may have (1 first, 10 last; unset is 5). */
const PRIORITIES = 10

/** When the longest-waiting job became due (ms since 1970), or null when none waits. */
async function oldestDueAt(adapter: string): Promise<number | null> {
  if (adapter === 'database') {
    const row = await db
      .from('queue_jobs')
      .where('queue', QUEUE)
      .where('status', 'pending')
      .min({ oldest: db.raw(`score % ${PRIORITY_FACTOR}`) })
      .first()
    return row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest)
  }
  if (adapter === 'redis') {
    // The first job of each priority is its oldest; the oldest of those is the answer.
    const pipeline = redis.connection('main').pipeline()
    for (let priority = 0; priority <= PRIORITIES; priority++) {
      const from = priority * PRIORITY_FACTOR
      pipeline.zrangebyscore(
        `jobs::${QUEUE}::pending`,
        from,
        `(${from + PRIORITY_FACTOR}`,
        'WITHSCORES',
        'LIMIT',
        0,
        1
      )
    }
    const firsts = ((await pipeline.exec()) ?? []).flatMap(([error, result]) => {
      if (error) throw error
      const [, score] = result as string[]
      return score === undefined ? [] : [Number(score) % PRIORITY_FACTOR]
    })
    return firsts.length > 0 ? Math.min(...firsts) : null
  }
  // The sync adapter runs each job as it is queued: nothing ever waits.
  return null
}

/**
 * Jobs waiting for a worker, and how long (seconds) the first of them has
 * waited, in the site's queue adapter (or `adapter`).
 */
export async function queueBacklog(
  adapter = app.config.get<string>('queue.default'),
  now = Date.now()
) {
  const [waiting, dueAt] = await Promise.all([
    queue.use(adapter).sizeOf(QUEUE),
    oldestDueAt(adapter),
  ])
  return { waiting, oldestAgeSeconds: dueAt === null ? 0 : Math.max(0, (now - dueAt) / 1000) }
}
