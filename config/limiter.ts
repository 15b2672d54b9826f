import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/** Rate-limit counters in the database by default, in Redis when configured. */
/** Where the counters live: Redis where there is one, else the database (or memory, for benchmarks). */
export const limiterStore: 'redis' | 'database' | 'memory' =
  env.get('LIMITER_STORE') ?? (env.get('REDIS_HOST') ? 'redis' : 'database')

const limiterConfig = defineConfig({
  default: limiterStore,
  stores: {
    database: stores.database({
      tableName: 'rate_limits',
      connectionName: env.get('DB_CONNECTION', 'sqlite'),
    }),
    memory: stores.memory({}),
    redis: stores.redis({ connectionName: 'main' } as any),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
