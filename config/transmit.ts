import env from '#start/env'
import { basename } from 'node:path'
import { MemoryTransport } from '@boringnode/bus/transports/memory'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@adonisjs/transmit/transports/redis'

/**
 * Server-sent events (live counts on petition pages). With REDIS_HOST set,
 * a broadcast made in one worker reaches the streams held by every worker
 * through Redis; without it, each worker reads the counts of the petitions
 * its own streams watch (`services/petitions/live_counts`).
 *
 * Only a process that serves pages connects to Redis for it (the server, the
 * test runner): Transmit connects as it starts, with the routes, and an open
 * connection would keep every ace command (codegen, migrations, queue:work)
 * from exiting; they get an in-process bus, which needs no connection.
 *
 * A ping every 25 s (a message on Transmit's own `$$transmit/ping` channel,
 * which the client ignores) keeps idle streams from being cut by proxies
 * that close silent connections after 30 s or more.
 */

const servesPages = basename(process.argv[1] ?? '') !== 'ace.js'

export default defineConfig({
  pingInterval: '25s',
  transport: env.get('REDIS_HOST')
    ? {
        driver: () =>
          servesPages
            ? redis({
                host: env.get('REDIS_HOST'),
                port: env.get('REDIS_PORT'),
                password: env.get('REDIS_PASSWORD', '') || undefined,
              })()
            : new MemoryTransport(),
      }
    : null,
})
