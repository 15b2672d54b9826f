/** What the router says of a route (`router.toJSON()`, `ctx.route`). */
export type RouteSummary = { name?: string | null; pattern: string }

/** Route names of data answered to any program, outside /api/. */
const OPEN_ROUTE_NAMES = /^(?:open_data|feeds|log)\./

/**
 * Whether a route is part of the API, and so must be in its OpenAPI
 * document: every route under /api/ (the token API, OSDI and the
 * description itself: there a request authenticates by token, never by the
 * session, which is why CSRF is skipped there), and the routes that answer
 * programs with public data outside it: open data, its feeds and the
 * transparency log. `/verify` is named with the log but is a page that
 * checks a receipt in the browser; the embed widget, the pages and the
 * forms answer people, and their shape may change with the site's design.
 */
export function isApiRoute(route: RouteSummary) {
  if (route.pattern.startsWith('/api/')) return true
  if (route.name === 'log.verify') return false
  return OPEN_ROUTE_NAMES.test(route.name ?? '')
}
