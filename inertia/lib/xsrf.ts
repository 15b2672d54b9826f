import { http } from '@inertiajs/react'
import { urlFor } from '~/client.ts'

/** The XSRF-TOKEN cookie the server sets, for requests made outside Inertia (uploads). */
export function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : ''
}

let asking: Promise<void> | null = null

/**
 * Makes sure the browser holds a CSRF token (the XSRF-TOKEN cookie, and the
 * secret's cookie beside it) before a form is sent. A guest's page may come
 * from a shared cache without any cookie, so the token is asked for when
 * the cookie is missing (never yet, or ended: both cookies end together),
 * and only then: GET /csrf-token answers with the two cookies and nothing
 * else. No timer renews it, so an idle tab keeps nothing alive. A failure
 * is left to the form's own request, which the server then refuses as
 * expired (handing out a new pair for the next try).
 */
export function ensureXsrfToken(): Promise<void> {
  if (xsrfToken()) return Promise.resolve()
  asking ??= fetch(urlFor('csrf_token.show'), {
    credentials: 'same-origin',
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  })
    .then(
      () => {},
      () => {}
    )
    .finally(() => {
      asking = null
    })
  return asking
}

const READS = new Set(['get', 'head'])

/** A form that sends something: not a search (`method="get"`), which needs no token. */
function sendingForm(target: EventTarget | null) {
  const form = target instanceof Element ? target.closest('form') : null
  return form !== null && form.getAttribute('method')?.toLowerCase() !== 'get'
}

/**
 * Every form, in one place: the token is asked for as soon as the visitor
 * steps into a form that sends something (so it is there when they send
 * it; a search keeps the visitor on cached pages), and any request that
 * changes something (an Inertia visit other than a GET) waits for it.
 */
export function installXsrfTokens() {
  document.addEventListener('focusin', (event) => {
    if (sendingForm(event.target)) void ensureXsrfToken()
  })
  http.onRequest(async (config) => {
    if (!READS.has(config.method.toLowerCase())) await ensureXsrfToken()
    return config
  })
}
