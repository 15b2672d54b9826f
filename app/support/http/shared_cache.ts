import type { HttpContext } from '@adonisjs/core/http'
import { SESSION_COOKIE } from '#config/session'
import { SIGNED_COOKIE } from '#support/http/signed_petitions_cookie'
import { carriesCookie } from '#support/http/cookie_header'

/**
 * Guest pages a shared cache (nginx's micro-cache, a CDN) may keep and hand
 * to every guest: fresh for one second, so a petition's count and a
 * moderator's hide show within about a second; then served stale for up to
 * 30 s while one request brings the new copy (a viral page never waits on
 * the app, and 30 s covers a slow answer under load without showing a
 * count much older than the live stream corrects); and for up to 10
 * minutes when every app node fails or is down (a deploy, a crash), when an
 * old page beats an error page.
 */
export const SHARED_CACHE_CONTROL =
  'public, s-maxage=1, stale-while-revalidate=30, stale-if-error=600'

/**
 * Answers for one visitor only (a member's, or a guest's with a message,
 * errors, old input or their own signature to show): no cache keeps them,
 * neither a shared one nor the browser's (a shared computer's back button
 * after logging out, a flash message shown twice).
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * The cookies that make a request's page possibly this visitor's own: the
 * session (a member, or a guest's CSRF secret, flash messages, old input)
 * and the signatures a guest made. A request carrying neither gets the page
 * every guest gets; deploy/nginx.conf bypasses its cache for the same two
 * names, so both sides agree on who may share.
 */
export const PRIVATE_COOKIES = [SESSION_COOKIE, SIGNED_COOKIE] as const

/** Whether the request's Cookie header names any of `PRIVATE_COOKIES`. */
export function carriesPrivateCookie(cookieHeader: string | undefined) {
  return carriesCookie(cookieHeader, PRIVATE_COOKIES)
}

/** Statuses a guest page is shared with: the page, a still-valid copy, a removed petition. */
const SHARED_STATUSES = new Set([200, 304, 410])

/** Whether the answer may be shared at all: a GET (or HEAD) answered with a shared status. */
export function isShareableAnswer({ request, response }: HttpContext) {
  return ['GET', 'HEAD'].includes(request.method()) && SHARED_STATUSES.has(response.getStatus())
}

/**
 * Whether this answer is the same for every guest: a shareable answer, not
 * to a partial reload, for a visitor who is not logged in and carries no
 * private cookie (so no flash message, error or own signature can be in it).
 */
export function isSharedGuestAnswer(ctx: HttpContext) {
  const { request } = ctx
  return (
    isShareableAnswer(ctx) &&
    !request.header('x-inertia-partial-component') &&
    !carriesPrivateCookie(request.header('cookie')) &&
    !ctx.auth?.user &&
    (ctx.session?.flashMessages.isEmpty ?? true)
  )
}
