import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'
import { redisWithFallback } from '#app/limiter/redis_with_fallback'

/**
 * Rate-limit counters in the database by default, in Redis when configured
 * (each process counts in its memory while Redis is away).
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE') ?? (env.get('REDIS_HOST') ? 'redis' : 'database'),
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
