/** The list's filters a canonical address keeps, in its order: never a search. */
const LIST_FILTERS = ['status', 'lang', 'topic', 'country', 'sort'] as const

/** Values that say what the list shows anyway: the order a search alone has, every language. */
const DEFAULT_VALUES: Partial<Record<(typeof LIST_FILTERS)[number], string>> = {
  sort: 'relevance',
  lang: 'all',
}

/**
 * The query string of a page's canonical address, from the address it was
 * opened at: only what changes what the page shows, so that search engines
 * see one address per page. The page number when it is past the first (on
 * any paginated page) and, on the petition list (`listPath`), its filters;
 * always in the same order, empty and unknown parameters dropped. A search
 * (`q`) is dropped, as what anyone typed must not become an address search
 * engines keep (its page is noindex); so are the order by relevance, which
 * only a search has, and `lang=all`, the default. A topic's or a country's
 * list is a page of its own.
 */
export function canonicalQuery(pageUrl: string, path: string, listPath: string) {
  const params = new URL(pageUrl, 'http://localhost').searchParams
  const kept = new URLSearchParams()
  if (path === listPath) {
    for (const name of LIST_FILTERS) {
      const value = params.get(name)?.trim()
      if (value && DEFAULT_VALUES[name] !== value) kept.set(name, value)
    }
  }
  const page = params.get('page')?.trim() ?? ''
  if (/^\d{1,9}$/.test(page) && Number(page) > 1) kept.set('page', String(Number(page)))
  const query = kept.toString()
  return query ? `?${query}` : ''
}
