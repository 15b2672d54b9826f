import Tokens from 'csrf'
import type { HttpContext } from '@adonisjs/core/http'
import encryption from '@adonisjs/core/services/encryption'
import { errors as shieldErrors } from '@adonisjs/shield'
import { http } from '#config/app'
import { carriesCookie } from '#support/http/cookie_header'

/** The cookie Inertia's HTTP client sends back as the X-XSRF-TOKEN header. */
export const XSRF_COOKIE = 'XSRF-TOKEN'

/**
 * The cookie holding the browser's CSRF secret (encrypted, HttpOnly). Over
 * https its name carries the `__Host-` prefix: the browser then takes it
 * only from this very host over https, never from a sibling subdomain or a
 * plain-http answer, so nobody can plant a secret of their own (and a token
 * made from it) in a visitor's browser.
 */
export const CSRF_SECRET_COOKIE = `${http.cookie.secure ? '__Host-' : ''}undersign-csrf`

/**
 * How long the secret and the token last, together: they are set together,
 * so they end together, and the client asks for a new pair when it finds no
 * XSRF-TOKEN. Neither says anything about the visitor.
 */
export const CSRF_AGE = '1d'

/** Where sessions made before kept the secret (Shield's key): still read, and moved to the cookie. */
export const SESSION_CSRF_KEY = 'csrf-secret'

const tokens = new Tokens()

/**
 * The cookies' settings: host-only and the site's path, as `__Host-` asks
 * (the session's cookie, on the bare domain, is another matter).
 */
const cookieOptions = (httpOnly: boolean) =>
  ({ maxAge: CSRF_AGE, httpOnly, path: '/', domain: '', sameSite: 'lax' }) as const

/** The secret a session made before still holds, or null. */
function secretInSession(ctx: HttpContext): string | null {
  const kept = ctx.session?.get(SESSION_CSRF_KEY)
  return typeof kept === 'string' && kept !== '' ? kept : null
}

/** The browser's secret: its cookie's, else its session's (made before), else null. */
function secretOf(ctx: HttpContext): string | null {
  const inCookie = ctx.request.encryptedCookie(CSRF_SECRET_COOKIE)
  if (typeof inCookie === 'string' && inCookie !== '') return inCookie
  return secretInSession(ctx)
}

/** Whether the browser seems to hold a secret, seen without decrypting anything. */
function holdsSecret(ctx: HttpContext) {
  return (
    carriesCookie(ctx.request.header('cookie'), [CSRF_SECRET_COOKIE]) ||
    secretInSession(ctx) !== null
  )
}

/**
 * Sets the secret's cookie and the XSRF-TOKEN cookie with a token made from
 * it; a secret the session held moves out of it (an emptied session's
 * cookie goes: see the session middleware).
 */
function handOut(ctx: HttpContext, secret: string): string {
  const token = tokens.create(secret)
  ctx.request.csrfToken = token
  ctx.response.encryptedCookie(CSRF_SECRET_COOKIE, secret, cookieOptions(true))
  ctx.response.encryptedCookie(XSRF_COOKIE, token, cookieOptions(false))
  if (secretInSession(ctx) !== null) ctx.session.forget(SESSION_CSRF_KEY)
  return token
}

/**
 * A CSRF token for this browser, made from its secret (a new secret when it
 * has none), with both cookies set again: for GET /csrf-token and for pages
 * whose plain HTML forms carry `_csrf`.
 */
export function csrfTokenFor(ctx: HttpContext): string {
  return handOut(ctx, secretOf(ctx) ?? tokens.secretSync())
}

/**
 * A new secret and token: when who is logged in changes, so that a token
 * read before (on a shared computer, say) is worth nothing afterwards.
 */
export function renewCsrfToken(ctx: HttpContext) {
  handOut(ctx, tokens.secretSync())
}

/** The token a request sends back: a form's `_csrf`, an X-CSRF-TOKEN, or the XSRF-TOKEN cookie's copy. */
function tokenSentWith({ request }: HttpContext): string | null {
  const field = request.input('_csrf')
  if (typeof field === 'string' && field !== '') return field
  const header = request.header('x-csrf-token')
  if (header) return header
  const copied = request.header('x-xsrf-token')
  if (!copied) return null
  // The cookie's value as the client read it: "e:" and the encrypted token.
  return encryption.decrypt<string>(decodeURIComponent(copied).slice(2), XSRF_COOKIE)
}

/**
 * CSRF for one request: a request that changes something (`verify`) is
 * refused (419) unless it sends back a token made from the browser's
 * secret.
 *
 * The secret lives in a cookie of its own, not in the session: it is not
 * personal (it shows nothing and names nobody), so a guest who holds one
 * still gets the page every guest gets, from a shared cache too, and a
 * reader's request decrypts nothing. What keeps a forged request out is
 * unchanged: another site can neither read this site's cookies nor set
 * them (HttpOnly, SameSite=Lax, encrypted with the app's key, `__Host-`
 * over https), so it cannot learn a token that matches the victim's secret.
 *
 * Nothing is set for a visitor who only reads, nor again for one who holds
 * both cookies: the client asks GET /csrf-token when it finds no
 * XSRF-TOKEN before a form (inertia/lib/xsrf.ts). A browser that still
 * sends an XSRF-TOKEN but has lost its secret gets a new pair, and so does
 * a refused request without one, so that the next try passes.
 */
export function checkCsrf(ctx: HttpContext, { verify }: { verify: boolean }) {
  if (!verify) {
    if (carriesCookie(ctx.request.header('cookie'), [XSRF_COOKIE]) && !holdsSecret(ctx)) {
      csrfTokenFor(ctx)
    }
    return
  }
  const secret = secretOf(ctx)
  if (!secret) {
    csrfTokenFor(ctx)
    throw new shieldErrors.E_BAD_CSRF_TOKEN()
  }
  const token = tokenSentWith(ctx)
  if (!token || !tokens.verify(secret, token)) throw new shieldErrors.E_BAD_CSRF_TOKEN()
  // A session made before gives its secret to the cookie: the token the client holds stays good.
  if (secretInSession(ctx) === secret) handOut(ctx, secret)
}
