import redis from '@adonisjs/redis/services/main'
import { BaseCheck, Result } from '@adonisjs/core/health'

/** Longest wait for Redis's answer: a probe must answer before the balancer gives up. */
const ANSWER_WITHIN_MS = 2000

/**
 * Redis answers a ping. The connection is made on first use and gives up
 * after its retries: a connection that gave up is opened again here, so the
 * node is ready again as soon as Redis is back.
 */
export class RedisCheck extends BaseCheck {
  name = 'redis'

  async run() {
    const connection = redis.connection()
    let timer: NodeJS.Timeout | undefined
    try {
      if (connection.status === 'end') await connection.ioConnection.connect()
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('Redis did not answer in time')),
          ANSWER_WITHIN_MS
        )
      })
      await Promise.race([connection.ping(), late])
      return Result.ok('Redis answers')
    } catch (error) {
      return Result.failed('Redis does not answer', error as Error)
    } finally {
      clearTimeout(timer)
    }
  }
}
