/** Far beyond any list's last page, yet an offset every database takes. */
const MAX_PAGE = 1_000_000

/**
 * The page a list was asked for (?page=): a whole number from 1. Anything
 * else (text, a fraction, 1e300) reads as the nearest page there can be, as
 * a list is browsed, not submitted.
 */
export function requestedPage(value: unknown) {
  const page = Math.trunc(Number(value))
  if (!Number.isFinite(page) || page < 1) return 1
  return Math.min(page, MAX_PAGE)
}
