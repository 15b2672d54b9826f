import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@adonisjs/transmit/transports/redis'

/**
 * Server-sent events (live counts on petition pages). With REDIS_HOST set,
 * a broadcast made in one worker reaches the streams held by every worker
 * through Redis; without it, each worker reads the counts of the petitions
 * its own streams watch (`services/petitions/live_counts`).
 *
 * A comment line every 25 s keeps idle streams from being cut by proxies
 * that close silent connections after 30 s or more.
 */
export default defineConfig({
  pingInterval: '25s',
  transport: env.get('REDIS_HOST')
    ? {
        driver: redis({
          host: env.get('REDIS_HOST'),
          port: env.get('REDIS_PORT'),
          password: env.get('REDIS_PASSWORD', '') || undefined,
        }),
      }
    : null,
})
