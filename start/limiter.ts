/*
|--------------------------------------------------------------------------
| Rate limits
|--------------------------------------------------------------------------
|
| Throttle middleware built from config/rate_limits.ts, keyed by the client IP.
| With RATE_LIMIT_FACTOR=0 they let everything through.
|
*/
import limiter from '@adonisjs/limiter/services/main'
import { rateLimitFactor, rateLimits, type RateLimitName } from '#config/rate_limits'

function throttleFor(name: RateLimitName) {
  const rule = rateLimits[name]
  return limiter.define(name, (ctx) => {
    if (rateLimitFactor <= 0) return limiter.noLimit()
    return limiter
      .allowRequests(Math.max(1, Math.round(rule.requests * rateLimitFactor)))
      .every(rule.every)
      .blockFor(rule.blockFor)
      .usingKey(`${name}_${ctx.request.ip()}`)
  })
}

export const throttleContact = throttleFor('contact')
export const throttleSubscription = throttleFor('subscription')
