import type { HttpContext } from '@adonisjs/core/http'
import { site } from '#config/site'
import { localeOf } from '#app/i18n/locales'
import { HAL_JSON } from '#support/osdi'

/** The member whose API token the request carries (its route's apiToken middleware ran). */
export function tokenMember(ctx: HttpContext) {
  return ctx.auth.use('api').user!
}

/**
 * The site the request came to, in its language, as the start of the
 * absolute links an answer gives: the configured address, never one the
 * request's Host header could choose.
 */
export function apiBase(ctx: HttpContext) {
  return site.urlFor(localeOf(ctx.i18n))
}

/**
 * A HAL+JSON answer. Never kept by a cache: it holds a member's data,
 * signers' personal data among it.
 */
export function halAnswer({ response }: HttpContext, status: number, body: unknown) {
  return response
    .status(status)
    .header('Content-Type', HAL_JSON)
    .header('Cache-Control', 'no-store')
    .send(body)
}

/** 404 as every token route says it: unknown, or not the token's member's. */
export function apiNotFound({ response, i18n }: HttpContext) {
  return response
    .status(404)
    .header('Cache-Control', 'no-store')
    .send({ errors: [{ code: 'not_found', message: i18n.t('api.errors.not_found') }] })
}
