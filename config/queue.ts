import env from '#start/env'
import { defineConfig, drivers } from '@adonisjs/queue'

/**
 * Background jobs (e-mails first). The database adapter needs nothing more
 * than the app's database; with REDIS_HOST set, Redis carries the queue.
 */
const queueDriver = env.get('QUEUE_DRIVER') ?? (env.get('REDIS_HOST') ? 'redis' : 'database')

const queueConfig = defineConfig({
  default: queueDriver,
  adapters: {
    database: drivers.database({ connectionName: env.get('DB_CONNECTION', 'sqlite') }),
    // Only when chosen: every adapter listed is made as the app boots.
    ...(queueDriver === 'redis' ? { redis: drivers.redis({ connectionName: 'main' }) } : {}),
    sync: drivers.sync(),
  },
  worker: {
    concurrency: 20,
    idleDelay: '1s',
  },
  locations: ['./app/jobs/**/*.{ts,js}'],
})

export default queueConfig
