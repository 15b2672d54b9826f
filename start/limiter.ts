/*
|--------------------------------------------------------------------------
| Rate limits
|--------------------------------------------------------------------------
|
| Throttle middleware built from config/rate_limits.ts, one per route that
| counts requests. Limits counted inside an action (failed logins, signs per
| e-mail, mails) live in app/runtime/limits/rate_limits.ts. With
| RATE_LIMIT_FACTOR=0 they let everything through.
|
*/
import limiter from '@adonisjs/limiter/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { addressBlock } from '#support/address_block'
import {
  allowedRequests,
  rateLimitFactor,
  rateLimits,
  type RateLimitName,
} from '#config/rate_limits'

/**
 * The client as every per-address limit counts it: an IPv4 address alone,
 * an IPv6 address with its whole /64 (one subscriber's), so that rotating
 * through a /64 does not reset the count.
 */
const clientAddress = (ctx: HttpContext) => addressBlock(ctx.request.ip())

/** The member's id, or the client's address for a guest. */
const memberKey = (ctx: HttpContext) => String(ctx.auth.user?.id ?? clientAddress(ctx))

/** The API token the request authenticated with (its route's apiToken middleware runs first). */
const apiTokenKey = (ctx: HttpContext) =>
  String(ctx.auth.use('api').user?.currentAccessToken.identifier ?? clientAddress(ctx))

/** The member a session or an API token acts for (a token route's apiToken middleware runs first). */
const actingMemberKey = (ctx: HttpContext) =>
  String(ctx.auth.use('api').user?.id ?? ctx.auth.user?.id ?? clientAddress(ctx))

/** A throttle keyed by the client's address, or by what `keyOf` returns (the member's id…). */
function throttleFor(name: RateLimitName, keyOf: (ctx: HttpContext) => string = clientAddress) {
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
export const throttleLanguageHandOver = throttleFor('languageHandOver', memberKey)
export const throttleSignup = throttleFor('signup')
export const throttleIdentityCheck = throttleFor('identityCheck')
export const throttlePasswordResetRequest = throttleFor('passwordResetRequest')
export const throttlePasswordReset = throttleFor('passwordReset')
export const throttleVerificationResend = throttleFor('verificationResend', memberKey)
export const throttleSign = throttleFor('sign')
export const throttleOpenData = throttleFor('openData')
export const throttleTransparencyLog = throttleFor('transparencyLog')
export const throttleApiToken = throttleFor('apiToken', apiTokenKey)
/** Webhook test events and "send again": one allowance per member, on the page and through the API. */
export const throttleWebhookSends = throttleFor('webhookSends', actingMemberKey)
export const throttleLiveUpdates = throttleFor('liveUpdates')
export const throttleAvatarUpload = throttleFor('avatarUpload', memberKey)
export const throttleMediaUpload = throttleFor('mediaUpload', memberKey)
export const throttleSignaturesExport = throttleFor('signaturesExport', memberKey)
export const throttleSignatureSheets = throttleFor('signatureSheets', memberKey)
export const throttleDeliveryPackages = throttleFor('deliveryPackages', memberKey)

/** Account settings: counted per member (the routes are for members only). */
export const throttleAccountPassword = throttleFor('accountPassword', memberKey)
export const throttleAccountEmail = throttleFor('accountEmail', memberKey)
export const throttleAccountDeletion = throttleFor('accountDeletion', memberKey)
export const throttleAccountExport = throttleFor('accountExport', memberKey)
export const throttleAccountApiTokens = throttleFor('accountApiTokens', memberKey)

/** Reports: per address, and per member whatever address they use (guests: their address). */
export const throttleReportsPerIp = throttleFor('reportsPerIp')
export const throttleReportsPerMember = throttleFor('reportsPerMember', memberKey)
export const throttleDecisionMakerLinks = throttleFor('decisionMakerLinks')
export const throttleReviewRequests = throttleFor('reviewRequests', memberKey)
