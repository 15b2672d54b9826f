import { configProvider } from '@adonisjs/core'
import string from '@adonisjs/core/helpers/string'
import LimiterRedisStore from '@adonisjs/limiter/stores/redis'
import { RateLimiterMemory, type RateLimiterRedis } from 'rate-limiter-flexible'
import type { LimiterConsumptionOptions } from '@adonisjs/limiter/types'
import type { Redis } from 'ioredis'
import { isRedisDown } from '#support/redis_outages'

type Settings = { connectionName: string }
type Connection = ConstructorParameters<typeof LimiterRedisStore>[0]

/** Redis's store of the limiter, counting in memory while its connection is down. */
class RedisStoreWithFallback extends LimiterRedisStore {
  constructor(connection: Connection, options: LimiterConsumptionOptions) {
    super(connection, { ...options, rejectIfRedisNotReady: true })
    const limiter = this.rateLimiter as RateLimiterRedis & {
      _isRedisReady(): boolean
      insuranceLimiter: RateLimiterMemory
    }
    limiter._isRedisReady = () => !isRedisDown(connection.ioConnection as Redis)
    limiter.insuranceLimiter = new RateLimiterMemory({
      points: options.requests,
      duration: string.seconds.parse(options.duration),
      keyPrefix: limiter.keyPrefix,
    })
  }
}

/**
 * The rate limits in Redis, where every process of every node counts them
 * together; while Redis is down, each process counts them in its own
 * memory with the same allowances (rate-limiter-flexible's insurance
 * limiter), so that signing, logging in and mailing go on through an
 * outage, at once, instead of failing or waiting for Redis. An address may
 * then get the allowance once per process for the minutes Redis is away.
 */
export function redisWithFallback(settings: Settings) {
  return configProvider.create(async (app) => {
    const redis = await app.container.make('redis')
    return (options: LimiterConsumptionOptions) =>
      new RedisStoreWithFallback(redis.connection(settings.connectionName as never), options)
  })
}
