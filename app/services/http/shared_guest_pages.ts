import type { HttpContext } from '@adonisjs/core/http'
import { localeOf } from '#app/i18n/locales'

/** Pages (locales × query strings) shared per data; more are rendered for each visitor. */
const MAX_PAGES_PER_DATA = 32

type Rendered = { html: string; nonce: string }

/** The pages rendered from one loaded copy of some data, dropped with it. */
const pagesOf = new WeakMap<object, Map<string, Promise<Rendered>>>()

/**
 * Whether the page this request gets is the same for every guest: a first
 * load of the HTML (an Inertia visit is answered from the page data and is
 * cheap already), by a visitor who is not logged in and has no flash
 * message, old input or error waiting to be shown.
 */
export function isAnyGuestsPage(ctx: HttpContext) {
  return (
    !ctx.auth.user &&
    !ctx.request.header('x-inertia') &&
    ctx.request.method() === 'GET' &&
    ctx.session.flashMessages.isEmpty
  )
}

/**
 * The server-rendered HTML of a page that is the same for every guest,
 * rendered once per (locale, URL) from each loaded copy of its data: a
 * viral petition's page is rendered about once a second, when its cached
 * data is reloaded, not once per visitor, and it is never older than that
 * data. Only the CSP nonce is per request, so it is swapped for this
 * request's. The caller checks `isAnyGuestsPage` and keeps anything personal
 * out of the page.
 */
export async function sharedGuestPage(
  ctx: HttpContext,
  data: object,
  render: () => Promise<unknown>
): Promise<string> {
  const key = `${localeOf(ctx.i18n)} ${ctx.request.url(true)}`
  let pages = pagesOf.get(data)
  if (!pages) pagesOf.set(data, (pages = new Map()))
  let rendering = pages.get(key)
  if (!rendering) {
    const nonce = ctx.response.nonce ?? ''
    rendering = render().then((html) => ({ html: String(html), nonce }))
    if (pages.size >= MAX_PAGES_PER_DATA) {
      const { html } = await rendering
      return html
    }
    pages.set(key, rendering)
    // A failed render is not kept: the next visitor renders again.
    rendering.catch(() => pages.delete(key))
  }
  const { html, nonce } = await rendering
  const ownNonce = ctx.response.nonce ?? ''
  ctx.response.header('content-type', 'text/html; charset=utf-8')
  return nonce === '' || nonce === ownNonce ? html : html.replaceAll(nonce, ownNonce)
}
