import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'
import { redisWithFallback } from '#runtime/limits/redis_with_fallback'

/**
 * Where the counters live: the database by default, Redis when configured
 * (each process counts in its memory while Redis is away), or memory for
 * benchmarks.
 */
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
    redis: redisWithFallback({ connectionName: 'main' }),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
