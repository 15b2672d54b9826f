import Tokens from 'csrf'
import type { HttpContext } from '@adonisjs/core/http'
import encryption from '@adonisjs/core/services/encryption'
import { errors as shieldErrors } from '@adonisjs/shield'
import { SESSION_AGE } from '#config/session'
import { carriesCookie } from '#support/http/cookie_header'

/** Where the session keeps its CSRF secret (Shield's own key: sessions made before stay valid). */
const SECRET_KEY = 'csrf-secret'

/** The cookie Inertia's HTTP client sends back as the X-XSRF-TOKEN header. */
export const XSRF_COOKIE = 'XSRF-TOKEN'

const tokens = new Tokens()

/** Whether the request's Cookie header carries an XSRF-TOKEN (seen without decrypting it). */
function carriesXsrfCookie(ctx: HttpContext) {
  return carriesCookie(ctx.request.header('cookie'), [XSRF_COOKIE])
}

function keptSecret(ctx: HttpContext): string | null {
  const kept = ctx.session.get(SECRET_KEY)
  return typeof kept === 'string' && kept !== '' ? kept : null
}

/**
 * A CSRF token for this visitor, made from the session's secret (made now
 * when it has none), and the XSRF-TOKEN cookie holding it: for GET
 * /csrf-token and for pages whose plain HTML forms carry `_csrf`.
 */
export async function csrfTokenFor(ctx: HttpContext): Promise<string> {
  let secret = keptSecret(ctx)
  if (!secret) {
    secret = await tokens.secret()
    ctx.session.put(SECRET_KEY, secret)
  }
  const token = tokens.create(secret)
  ctx.request.csrfToken = token
  ctx.response.encryptedCookie(XSRF_COOKIE, token, { maxAge: SESSION_AGE, httpOnly: false })
  return token
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
 * CSRF for one request: the XSRF-TOKEN cookie where one is due, and, for a
 * request that changes something (`verify`), a refusal (419) unless it sends
 * back a token made from the session's secret.
 *
 * What this leaves out, on purpose: a secret and a cookie for a visitor who
 * only reads (a guest's page stays free of cookies and costs no
 * encryption), and a new cookie on every answer to a visitor who holds
 * one. A cookie is due when the session has a secret and the browser no
 * cookie (it expired or was lost), or the browser has a cookie but the
 * session no secret (it ended): a new secret then. The client asks GET
 * /csrf-token before it first sends a form on a page, and again after half
 * an hour (inertia/lib/xsrf.ts), so the cookie it sends never outlives its
 * secret.
 */
export async function checkCsrf(ctx: HttpContext, { verify }: { verify: boolean }) {
  const hasSecret = keptSecret(ctx) !== null
  const holdsCookie = carriesXsrfCookie(ctx)
  const cookieDue = hasSecret ? !holdsCookie : holdsCookie || verify
  if (cookieDue) await csrfTokenFor(ctx)
  if (!verify) return
  const secret = keptSecret(ctx)!
  const token = tokenSentWith(ctx)
  if (!token || !tokens.verify(secret, token)) throw new shieldErrors.E_BAD_CSRF_TOKEN()
}
