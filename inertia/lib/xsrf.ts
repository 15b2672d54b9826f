import { http } from '@inertiajs/react'
import { urlFor } from '~/client.ts'

/** The XSRF-TOKEN cookie Shield sets, for requests made outside Inertia (uploads). */
export function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : ''
}

/** A token older than this is asked for again: the session it belongs to may have ended. */
const TOKEN_REFRESH_MS = 30 * 60 * 1000

let asked: { at: number; done: Promise<void> } | null = null

/**
 * Makes sure the browser holds a CSRF token (the session and XSRF-TOKEN
 * cookies) before a form is sent. A guest's page may come from a shared
 * cache without any cookie, so the token is asked for once a page (and
 * again after half an hour): GET /csrf-token answers with the cookies and
 * nothing else. A failure is left to the form's own request, which the
 * server then refuses as expired.
 */
export function ensureXsrfToken(): Promise<void> {
  if (asked && Date.now() - asked.at < TOKEN_REFRESH_MS) return asked.done
  const done = fetch(urlFor('csrf_token.show'), {
    credentials: 'same-origin',
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  }).then(
    (response) => {
      if (!response.ok) asked = null
    },
    () => {
      asked = null
    }
  )
  asked = { at: Date.now(), done }
  return done
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
