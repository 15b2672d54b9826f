import env from '#start/env'
import { defineConfig, drivers } from '@adonisjs/queue'

/**
 * Background jobs (e-mails first). The database adapter needs nothing more
 * than the app's database; with REDIS_HOST set, Redis carries the queue.
 */
const queueConfig = defineConfig({
  default: env.get('QUEUE_DRIVER') ?? (env.get('REDIS_HOST') ? 'redis' : 'database'),
  adapters: {
    database: drivers.database({ connectionName: env.get('DB_CONNECTION', 'sqlite') }),
    // Only when Redis is configured: adapters are resolved at boot, and a Redis
    // client with no server would keep retrying.
    ...(env.get('REDIS_HOST') ? { redis: drivers.redis({ connectionName: 'main' }) } : {}),
    sync: drivers.sync(),
  },
  worker: {
    concurrency: 5,
    idleDelay: '1s',
  },
  locations: ['./app/jobs/**/*.{ts,js}'],
})

export default queueConfig
