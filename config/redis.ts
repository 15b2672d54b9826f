import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import { type InferConnections } from '@adonisjs/redis/types'

const redisConfig = defineConfig({
  connection: 'main',

  connections: {
    /*
    |--------------------------------------------------------------------------
    | The default connection
    |--------------------------------------------------------------------------
    |
    | The main connection you want to use to execute redis commands. The same
    | connection will be used by the session provider, if you rely on the
    | redis driver.
    |
    */
    main: {
      host: env.get('REDIS_HOST'),
      port: env.get('REDIS_PORT'),
      password: env.get('REDIS_PASSWORD', ''),
      db: 0,
      keyPrefix: '',
      // Connect on the first command, not when a client is made: the queue
      // makes one as the app boots, even for codegen, which never uses it and
      // would not exit while a connection is open.
      lazyConnect: true,
      // Reconnect for as long as Redis is away, a second apart at most: a
      // connection that gives up is closed for good, and the rate limiter, the
      // queue and the subscriptions keep the one they were given.
      retryStrategy: (times) => Math.min(times * 100, 1000),
      // A command sent while Redis is away waits for one attempt to reconnect,
      // then fails (a 503 answer, the limiter's count in memory, a job retried),
      // rather than holding its request for the whole outage.
      maxRetriesPerRequest: 1,
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
