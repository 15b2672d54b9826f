import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/** Rate-limit counters in the database by default, in Redis when configured. */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE') ?? (env.get('REDIS_HOST') ? 'redis' : 'database'),
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
