import type { HttpContext } from '@adonisjs/core/http'
import type { Session } from '@adonisjs/session'
import { SESSION_COOKIE } from '#config/session'
import { SIGNED_COOKIE } from '#support/http/signed_petitions_cookie'
import { carriesCookie } from '#support/http/cookie_header'
import { SESSION_CSRF_KEY } from '#support/http/csrf'

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
 * The cookies whose presence makes a request's page possibly this visitor's
 * own: the session (it exists only while it holds something: a member, a
 * message or errors to show, see the session middleware) and the
 * signatures a guest made. deploy/nginx.conf bypasses its cache for these
 * two names. The CSRF secret and token have cookies of their own, not
 * among them: they show nothing and name nobody.
 */
export const PRIVATE_COOKIES = [SESSION_COOKIE, SIGNED_COOKIE] as const

/**
 * Whether the session has nothing for this visitor alone, and the answer
 * sets no session cookie: no message, errors or old input shown now or kept
 * for the next page, no login, nothing else (but the CSRF secret a session
 * made before may hold); and either no session came, or it came and stays
 * as it was. An emptied session's answer clears its cookie: that one is
 * private, and the next is shared.
 */
function sessionIsNotPersonal(session: Session | undefined) {
  if (!session) return true
  if (!session.flashMessages.isEmpty || !session.responseFlashMessages.isEmpty) return false
  const keys = Object.keys(session.all())
  if (keys.length === 0) return session.fresh
  return !session.hasBeenModified && keys.every((key) => key === SESSION_CSRF_KEY)
}

/** Statuses a guest page is shared with: the page, a still-valid copy, a removed petition. */
const SHARED_STATUSES = new Set([200, 304, 410])

/** Whether the answer may be shared at all: a GET (or HEAD) answered with a shared status. */
export function isShareableAnswer({ request, response }: HttpContext) {
  return ['GET', 'HEAD'].includes(request.method()) && SHARED_STATUSES.has(response.getStatus())
}

/**
 * Whether this answer is the same for every guest: a shareable answer, not
 * to a partial reload, for a visitor who is not logged in, has nothing in
 * their session and carries no signature of theirs (so no flash message,
 * error or own signature can be in it), whatever other cookies they send.
 */
export function isSharedGuestAnswer(ctx: HttpContext) {
  const { request } = ctx
  return (
    isShareableAnswer(ctx) &&
    !request.header('x-inertia-partial-component') &&
    !carriesCookie(request.header('cookie'), [SIGNED_COOKIE]) &&
    !ctx.auth?.user &&
    sessionIsNotPersonal(ctx.session)
  )
}
