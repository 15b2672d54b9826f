import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors, LimiterResponse } from '@adonisjs/limiter'
import redis from '@adonisjs/redis/services/main'
import string from '@adonisjs/core/helpers/string'
import { limiterStore } from '#config/limiter'
import { isRedisDown } from '#support/redis_outages'
import {
  allowedRequests,
  rateLimitFactor,
  rateLimits,
  type RateLimitName,
} from '#config/rate_limits'

/**
 * One allowance of a limit for a key (an address, an e-mail's hash…).
 * `blocks`: once used up, the key is refused for the limit's `blockFor`,
 * as a route's throttle is; otherwise it is free again as the window ends.
 */
export type Allowance = { name: RateLimitName; key: string; blocks?: boolean }

/** Where the counters live in Redis: the limiter's own keys (rate-limiter-flexible's prefix). */
const redisKeyOf = (key: string) => `rlflx:${key}`

/**
 * Takes one of each allowance, or none of them when one is used up; on Redis
 * in one round trip, atomically (a script). Per allowance, ARGV has its
 * number allowed, its window and its block, in seconds (0: none). Returns 0
 * when all were taken, else the position of the one used up, its count and
 * the milliseconds until it is free. The first refusal of a blocking limit
 * blocks its key, as the limiter does when a request goes over.
 */
const TAKE_ALL_OR_NONE = `
for i = 1, #KEYS do
  local allowed = tonumber(ARGV[3 * i - 2])
  local consumed = tonumber(redis.call('get', KEYS[i]) or '0')
  if consumed >= allowed then
    local block = tonumber(ARGV[3 * i])
    if block > 0 and consumed == allowed then
      consumed = allowed + 1
      redis.call('set', KEYS[i], consumed, 'EX', block)
    end
    return {i, consumed, redis.call('pttl', KEYS[i])}
  end
end
for i = 1, #KEYS do
  redis.call('set', KEYS[i], 0, 'EX', ARGV[3 * i - 1], 'NX')
  redis.call('incr', KEYS[i])
end
return {0, 0, 0}
`

/** The Redis client with the script defined on it (ioredis sends it by its hash once loaded). */
type WithScript = {
  takeAllowances(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<number[]>
}

let scriptDefined = false

/**
 * Whether the counters are in Redis and Redis is there: while it is away,
 * the limiter's store counts in each process's memory, and so do these.
 */
function redisAnswers() {
  return limiterStore === 'redis' && !isRedisDown(redis.connection().ioConnection)
}

function seconds(duration: string) {
  return string.seconds.parse(duration)
}

/** What a refusal says: the limit, nothing left, and when it is free again. */
function refusal(allowance: Allowance, consumed: number, availableInMs: number) {
  return new LimiterResponse({
    limit: allowedRequests(allowance.name),
    remaining: 0,
    consumed,
    availableIn: Math.max(1, Math.ceil(availableInMs / 1000)),
  })
}

/** The limiter of one allowance, as the routes' throttles and the actions' limits use it. */
function limiterOf({ name, blocks }: Allowance) {
  const rule = rateLimits[name]
  return limiter.use({
    requests: allowedRequests(name),
    duration: rule.every,
    ...(blocks ? { blockDuration: rule.blockFor } : {}),
  })
}

async function takeOnRedis(allowances: Allowance[]) {
  const connection = redis.connection()
  if (!scriptDefined) {
    connection.ioConnection.defineCommand('takeAllowances', { lua: TAKE_ALL_OR_NONE })
    scriptDefined = true
  }
  const args = allowances.flatMap(({ name, blocks }) => {
    const rule = rateLimits[name]
    return [allowedRequests(name), seconds(rule.every), blocks ? seconds(rule.blockFor) : 0]
  })
  const keys = allowances.map(({ key }) => redisKeyOf(key))
  const client = connection.ioConnection as unknown as WithScript
  const [refused, consumed, availableInMs] = await client.takeAllowances(
    keys.length,
    ...keys,
    ...args
  )
  return refused === 0 ? null : refusal(allowances[refused - 1], consumed, availableInMs)
}

/** The same, one counter after the other, on the stores that have no scripts (memory, database). */
async function takeInTurn(allowances: Allowance[]) {
  for (const allowance of allowances) {
    const state = await limiterOf(allowance).get(allowance.key)
    if (state && state.remaining <= 0) {
      if (allowance.blocks && state.consumed === state.limit) {
        // Going over blocks the key, as the route's throttle does.
        await limiterOf(allowance).block(allowance.key, rateLimits[allowance.name].blockFor)
        return refusal(
          allowance,
          state.consumed + 1,
          seconds(rateLimits[allowance.name].blockFor) * 1000
        )
      }
      return refusal(allowance, state.consumed, state.availableIn * 1000)
    }
  }
  for (const allowance of allowances) {
    try {
      await limiterOf(allowance).consume(allowance.key)
    } catch (error) {
      // Another request took the last one in the meantime.
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return error.response
      throw error
    }
  }
  return null
}

/**
 * Takes one of each of `allowances`, or none when one of them is used up:
 * null when the action may go ahead, else what the used-up limit says (for
 * a 429's Retry-After). Always null when limits are off.
 */
export async function takeAllowances(allowances: Allowance[]): Promise<LimiterResponse | null> {
  if (rateLimitFactor <= 0 || allowances.length === 0) return null
  if (!redisAnswers()) return takeInTurn(allowances)
  try {
    return await takeOnRedis(allowances)
  } catch (error) {
    // Redis went away during the call: counted as the limiter counts while it is away.
    if (!isRedisDown(redis.connection().ioConnection)) throw error
    return takeInTurn(allowances)
  }
}

/** The same, throwing the limiter's 429 when one is used up. */
export async function consumeAllowancesOrRefuse(allowances: Allowance[]) {
  const refused = await takeAllowances(allowances)
  if (refused) throw new limiterErrors.E_TOO_MANY_REQUESTS(refused)
}

/**
 * Whether each of `allowances` has one left, without using any: on Redis
 * one read of all their counters.
 */
export async function haveAllowances(allowances: Allowance[]): Promise<boolean> {
  if (rateLimitFactor <= 0 || allowances.length === 0) return true
  if (redisAnswers()) {
    try {
      const counts = await redis.connection().mget(allowances.map(({ key }) => redisKeyOf(key)))
      return counts.every(
        (count, index) => Number(count ?? 0) < allowedRequests(allowances[index].name)
      )
    } catch (error) {
      if (!isRedisDown(redis.connection().ioConnection)) throw error
    }
  }
  for (const allowance of allowances) {
    const state = await limiterOf(allowance).get(allowance.key)
    if (state && state.remaining <= 0) return false
  }
  return true
}
