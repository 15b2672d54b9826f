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
import { normalizeEmail } from '#support/email_normalizer'
import { consumeAllowancesOrRefuse, haveAllowances } from '#runtime/limits/allowances'

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
 * A sign's allowances, taken together (on Redis in one round trip): the
 * signs from the client's address (IPv6: its /64), shared with the routes
 * that resend or discard a pending signature, and the signs with one
 * normalised e-mail, however it is spelled. Throws the limiter's 429 when
 * either is used up, using neither. Does nothing when limits are off.
 */
export async function consumeSignAttempt(ip: string, email: unknown) {
  // Counted before the form is checked, so a flood of bad forms costs its sender too.
  const key = signEmailKey(email)
  await consumeAllowancesOrRefuse([
    { name: 'sign', key: `sign_sign_${addressBlock(ip)}`, blocks: true },
    ...(key ? [{ name: 'signPerEmail' as const, key, blocks: true }] : []),
  ])
}

/**
 * A sign recorded through an API token: as `consumeSignAttempt`, with the
 * token's allowance in place of the address's (a CRM sends all its
 * signers from one address), and the same per-e-mail allowance.
 */
export async function consumeTokenSignAttempt(tokenId: string, email: unknown) {
  const key = signEmailKey(email)
  await consumeAllowancesOrRefuse([
    { name: 'signPerToken', key: `sign_token_${tokenId}`, blocks: true },
    ...(key ? [{ name: 'signPerEmail' as const, key, blocks: true }] : []),
  ])
}

/**
 * Takes one of the accounts that may be made per hour from the client's
 * address (IPv6: its /64), once the sign-up form passed its checks: a
 * refused form uses nothing. Throws the limiter's 429 when they are used
 * up. Does nothing when limits are off.
 */
export async function consumeSignupAccount(ip: string) {
  await consumeAllowancesOrRefuse([
    { name: 'signupAccounts', key: `signup_accounts_${addressBlock(ip)}`, blocks: true },
  ])
}

/**
 * A form refused as invalid gives its e-mail's sign back: a signer who
 * mistyped their country must not run out of signs; the address's stays
 * used, so bad forms still cost their sender.
 */
export async function giveBackSignAttempt(email: unknown) {
  const key = signEmailKey(email)
  if (rateLimitFactor <= 0 || !key) return
  await limiterFor('signPerEmail').decrement(key)
}

/** The per-e-mail sign counter of an address as typed (however it is spelled), if it may be one. */
function signEmailKey(email: unknown) {
  if (typeof email !== 'string' || email.length > 254) return null
  return `sign_email_${addressKey(normalizeEmail(email))}`
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

/** One of each allowance `names` for `key` (each counted under its own name). */
export const allowancesFor = (names: RateLimitName[], key: string) =>
  names.map((name) => ({ name, key: `${name}_${key}` }))

/**
 * Whether each of the allowances `names` has one left for `key`, without
 * using any. Always true when limits are off.
 */
export async function hasAllowances(names: RateLimitName[], key: string) {
  return haveAllowances(allowancesFor(names, key))
}
