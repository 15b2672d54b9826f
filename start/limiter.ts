/*
|--------------------------------------------------------------------------
| Rate limits
|--------------------------------------------------------------------------
|
| Throttle middleware built from config/rate_limits.ts. With
| RATE_LIMIT_FACTOR=0 they let everything through.
|
*/
import { createHash } from 'node:crypto'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type { HttpContext } from '@adonisjs/core/http'
import {
  allowedRequests,
  rateLimitFactor,
  rateLimits,
  type RateLimitName,
} from '#config/rate_limits'

/** A throttle keyed by the client IP, or by what `keyOf` returns (the member's id…). */
function throttleFor(
  name: RateLimitName,
  keyOf: (ctx: HttpContext) => string = (ctx) => ctx.request.ip()
) {
  const rule = rateLimits[name]
  return limiter.define(name, (ctx) => {
    if (rateLimitFactor <= 0) return limiter.noLimit()
    return limiter
      .allowRequests(allowedRequests(name))
      .every(rule.every)
      .blockFor(rule.blockFor)
      .usingKey(`${name}_${keyOf(ctx)}`)
  })
}

export const throttleContact = throttleFor('contact')
export const throttleSubscription = throttleFor('subscription')
export const throttleLogin = throttleFor('login')
export const throttleSignup = throttleFor('signup')
export const throttlePasswordResetRequest = throttleFor('passwordResetRequest')
export const throttlePasswordReset = throttleFor('passwordReset')
export const throttleVerificationResend = throttleFor('verificationResend', (ctx) =>
  String(ctx.auth.user?.id ?? ctx.request.ip())
)
export const throttleSign = throttleFor('sign')
export const throttleAvatarUpload = throttleFor('avatarUpload', (ctx) =>
  String(ctx.auth.user?.id ?? ctx.request.ip())
)
export const throttleSignaturesExport = throttleFor('signaturesExport', (ctx) =>
  String(ctx.auth.user?.id ?? ctx.request.ip())
)

/**
 * Failed logins on one account, whatever the address they come from. Null
 * when limits are off.
 */
export function loginFailuresLimiter() {
  if (rateLimitFactor <= 0) return null
  const rule = rateLimits.loginFailuresPerEmail
  return limiter.use({
    requests: allowedRequests('loginFailuresPerEmail'),
    duration: rule.every,
    blockDuration: rule.blockFor,
  })
}

/**
 * Sign attempts on one normalised e-mail (decisions 2): throws the limiter's
 * 429 error once exhausted. Does nothing when limits are off.
 */
export async function consumeSignAttempt(normalizedEmail: string) {
  if (rateLimitFactor <= 0) return
  const rule = rateLimits.signPerEmail
  await limiter
    .use({
      requests: allowedRequests('signPerEmail'),
      duration: rule.every,
      blockDuration: rule.blockFor,
    })
    .consume(`sign_email_${addressKey(normalizedEmail)}`)
}

/**
 * Takes one of the confirmation mails allowed per day for one address on one
 * petition: false, and nothing sent, once they are used up. Always true when
 * limits are off.
 */
export async function takeConfirmationMail(petitionId: number, normalizedEmail: string) {
  if (rateLimitFactor <= 0) return true
  const rule = rateLimits.signConfirmationMails
  try {
    await limiter
      .use({
        requests: allowedRequests('signConfirmationMails'),
        duration: rule.every,
        blockDuration: rule.blockFor,
      })
      .consume(`sign_mail_${petitionId}_${addressKey(normalizedEmail)}`)
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
