import type { HttpContext } from '@adonisjs/core/http'
import { localeOf } from '#app/i18n/locales'
import { allowInlineScriptsByHash, inlineScriptHashes } from '#support/http/script_hashes'

/** Pages (locales × query strings) shared per data; more are rendered for each visitor. */
const MAX_PAGES_PER_DATA = 32

/**
 * A rendered page: HTML with the CSP hashes of its inline scripts, or an
 * Inertia visit's JSON. Its body is kept as UTF-8 bytes, encoded once, so
 * that each answer hands the socket those bytes instead of encoding the
 * text again.
 */
type Rendered = { body: Buffer; json: boolean; scriptHashes: string[] }

/** The pages rendered from one loaded copy of some data, dropped with it. */
const pagesOf = new WeakMap<object, Map<string, Promise<Rendered>>>()

/**
 * Whether the page this request gets is the same for every guest: a first
 * load of the HTML or a whole Inertia visit (not a partial reload, which
 * asks for some props only), by a visitor who is not logged in and has no
 * flash message, old input or error waiting to be shown.
 */
export function isAnyGuestsPage(ctx: HttpContext) {
  return (
    !ctx.auth.user &&
    ctx.request.method() === 'GET' &&
    !ctx.request.header('x-inertia-partial-component') &&
    ctx.session.flashMessages.isEmpty
  )
}

/**
 * A page that is the same for every guest, rendered once per (locale, URL,
 * HTML or Inertia JSON) from each loaded copy of its data: a viral
 * petition's page is rendered about once a second, when its cached data is
 * reloaded, not once per visitor, and it is never older than that data.
 * Every guest, and a shared cache, gets the same bytes: the CSP allows the
 * page's inline scripts by their hashes, computed once per rendering,
 * instead of a per-request nonce that a cached copy would hand to everyone.
 * The caller checks `isAnyGuestsPage` and keeps anything personal out of
 * the page.
 */
export async function sharedGuestPage(
  ctx: HttpContext,
  data: object,
  render: () => Promise<unknown>
): Promise<Buffer> {
  const asJson = Boolean(ctx.request.header('x-inertia'))
  const key = `${asJson ? 'json' : 'html'} ${localeOf(ctx.i18n)} ${ctx.request.url(true)}`
  let pages = pagesOf.get(data)
  if (!pages) pagesOf.set(data, (pages = new Map()))
  let rendering = pages.get(key)
  if (!rendering) {
    rendering = render().then((page) =>
      typeof page === 'string'
        ? { body: Buffer.from(page), json: false, scriptHashes: inlineScriptHashes(page) }
        : { body: Buffer.from(JSON.stringify(page)), json: true, scriptHashes: [] }
    )
    if (pages.size >= MAX_PAGES_PER_DATA) return answer(ctx, await rendering)
    pages.set(key, rendering)
    // A failed render is not kept: the next visitor renders again.
    rendering.catch(() => pages.delete(key))
  }
  return answer(ctx, await rendering)
}

function answer(ctx: HttpContext, { body, json, scriptHashes }: Rendered): Buffer {
  allowInlineScriptsByHash(ctx, scriptHashes)
  if (json) {
    ctx.response.header('x-inertia', 'true')
    ctx.response.header('content-type', 'application/json; charset=utf-8')
    return body
  }
  ctx.response.header('content-type', 'text/html; charset=utf-8')
  return body
}
