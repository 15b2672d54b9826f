/**
 * Where a signature came from: a short code its petition's address carried
 * (`?source=newsletter-dec`), set by the site's own share buttons, widget
 * and poster, or by whoever links to a petition. The browser reads it from
 * the address and posts it with the sign form; the server checks it again.
 * A code that does not fit is no code: it never stops a signature.
 */

/** The address's parameter that carries a code. */
export const SOURCE_PARAMETER = 'source'

export const SOURCE_MAX_LENGTH = 40

const SOURCE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/

/**
 * What a signature without a code is shown as. Taken as no code when an
 * address carries it, so that one name never stands for two groups.
 */
export const DIRECT_SOURCE = 'direct'

/** The site's own codes: the widget other sites frame, and the poster's QR code. */
export const WIDGET_SOURCE = 'widget'
export const POSTER_SOURCE = 'poster'

/** A share button's code: `share-facebook`, `share-link`… */
export function shareSource(network: string) {
  return `share-${network}`
}

/** The code itself (letters, digits, `-` and `_`, at most 40), or null for anything else. */
export function sourceCode(value: unknown): string | null {
  if (typeof value !== 'string' || !SOURCE_PATTERN.test(value)) return null
  return value === DIRECT_SOURCE ? null : value
}

/** The code a query string (`location.search`) carries, or null. */
export function sourceOfQuery(search: string): string | null {
  return sourceCode(new URLSearchParams(search).get(SOURCE_PARAMETER))
}

/** An address with a code set (replacing any it had); its fragment stays last. */
export function withSource(url: string, code: string): string {
  const [beforeHash, hash] = splitOnce(url, '#')
  const [path, query] = splitOnce(beforeHash, '?')
  const params = new URLSearchParams(query ?? '')
  params.set(SOURCE_PARAMETER, code)
  return `${path}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}

/** Confirmed signatures that count, of one source (`direct`: those that came with no code). */
export type SourceCount = { source: string; confirmed: number }

/** The same, on one UTC day (YYYY-MM-DD). */
export type SourceDay = { day: string; source: string; confirmed: number }

/** A petition's confirmed signatures by source, largest first, and by day and source, oldest first. */
export type SignatureSources = { sources: SourceCount[]; days: SourceDay[] }
