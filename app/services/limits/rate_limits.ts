import { createHash } from 'node:crypto'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import {
  allowedRequests,
  rateLimitFactor,
  rateLimits,
  type RateLimitName,
} from '#config/rate_limits'
import { addressBlock } from '#support/address_block'

/*
 * The limits an action counts itself, rather than per request: failed
 * logins, signs per e-mail address, confirmation links re-sent, mails per
 * recipient. Their numbers are in config/rate_limits.ts; with
 * RATE_LIMIT_FACTOR=0 every one of them allows everything.
 */

/** A limiter for one of the limits counted by hand rather than per request. */
function limiterFor(name: RateLimitName) {
  const rule = rateLimits[name]
  return limiter.use({
    requests: allowedRequests(name),
    duration: rule.every,
    blockDuration: rule.blockFor,
  })
}

/**
 * The counters of failed logins for one address (IP: an IPv6 address with
 * its /64, as every per-address limit) and one account (its e-mail as
 * typed, so an unknown address is counted like a known one). Null when
 * limits are off.
 */
export function loginFailureLimits(email: string, ip: string) {
  if (rateLimitFactor <= 0) return null
  const address = addressBlock(ip)
  const fromAddress = { limiter: limiterFor('loginFailuresPerIp'), key: `login_ip_${address}` }
  const onAccountFromAddress = {
    limiter: limiterFor('loginFailuresPerAccountAndIp'),
    key: `login_account_ip_${email}_${address}`,
  }
  const onAccount = {
    limiter: limiterFor('loginFailuresBeforeBotCheck'),
    key: `login_account_${email}`,
  }
  const exhausted = async ({ limiter: counter, key }: typeof fromAddress) => {
    const state = await counter.get(key)
    return state && state.remaining <= 0 ? state : null
  }

  return {
    /** Throws the 429 when this address has failed too often, in all or on this account. */
    async refuseWhenThrottled() {
      for (const counter of [fromAddress, onAccountFromAddress]) {
        const state = await exhausted(counter)
        if (state) throw new limiterErrors.E_TOO_MANY_REQUESTS(state)
      }
    },
    async botCheckRequired() {
      return Boolean(await exhausted(onAccount))
    },
    async countFailure() {
      for (const { limiter: counter, key } of [fromAddress, onAccountFromAddress, onAccount]) {
        const { consumed, limit } = await counter.increment(key)
        if (consumed >= limit) await counter.block(key, counter.blockDuration)
      }
    },
    /** After a success, this address starts afresh on this account. */
    async countSuccess() {
      await onAccountFromAddress.limiter.delete(onAccountFromAddress.key)
    },
  }
}

/**
 * Sign attempts on one normalised e-mail: throws the limiter's
 * 429 error once exhausted. Does nothing when limits are off.
 */
export async function consumeSignAttempt(normalizedEmail: string) {
  if (rateLimitFactor <= 0) return
  await limiterFor('signPerEmail').consume(`sign_email_${addressKey(normalizedEmail)}`)
}

/**
 * Takes one of the confirmation links that may be re-sent per day to one
 * address on one petition: false, and nothing sent, once they are used up.
 * Always true when limits are off.
 */
export async function takeConfirmationResend(petitionId: number, normalizedEmail: string) {
  if (rateLimitFactor <= 0) return true
  try {
    await limiterFor('signConfirmationResends').consume(
      `sign_mail_${petitionId}_${addressKey(normalizedEmail)}`
    )
    return true
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return false
    throw error
  }
}

/**
 * An e-mail address as a fixed-length limiter key: an address may be 254
 * characters, more than the store's key column holds once prefixed.
 */
function addressKey(normalizedEmail: string) {
  return createHash('sha256').update(normalizedEmail).digest('base64url')
}

function allowance(name: RateLimitName) {
  return limiter.use({ requests: allowedRequests(name), duration: rateLimits[name].every })
}

/**
 * Whether each of the allowances `names` has one left for `key`, without
 * using any. Always true when limits are off.
 */
export async function hasAllowances(names: RateLimitName[], key: string) {
  if (rateLimitFactor <= 0) return true
  for (const name of names) {
    if ((await allowance(name).remaining(`${name}_${key}`)) <= 0) return false
  }
  return true
}

/**
 * Uses one of each allowance `names` for `key`, or none when one of them is
 * used up: true when the action may go ahead.
 */
export async function consumeAllowances(names: RateLimitName[], key: string) {
  if (rateLimitFactor <= 0) return true
  if (!(await hasAllowances(names, key))) return false
  try {
    for (const name of names) await allowance(name).consume(`${name}_${key}`)
    return true
  } catch (error) {
    // Another request took the last one in the meantime.
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return false
    throw error
  }
}
