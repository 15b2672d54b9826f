import type { SimplePaginatorContract } from '@adonisjs/lucid/types/querybuilder'

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

/** A link of the pagination bar; `url` is null for a gap or a disabled arrow. */
export type PaginationLink = { active: boolean; url: string | null; label: string }

/** One page of a list, as the pagination component reads it. */
export type Paginated<Item> = { data: Item[]; links: PaginationLink[]; path: string; total: number }

/** A page of rows as a Lucid paginator (of models or of a query) holds it. */
export type PageOfRows<Row> = Pick<
  SimplePaginatorContract<Row>,
  'currentPage' | 'lastPage' | 'getUrl' | 'all' | 'total'
>

/** Page numbers shown on each side of the current page, as on most sites. */
const ON_EACH_SIDE = 3
const ELLIPSIS = '&hellip;'

/**
 * A Lucid paginator as the pagination component reads it: data,
 * links {active, url, label}, path and total. The links are a window (first
 * pages, the current page's neighbours, last pages, "…" between), so that a
 * petition with a million signatures sends a dozen links, not 20,000.
 */
export function paginatorProps<Row, Item>(
  paginator: PageOfRows<Row>,
  map: (row: Row) => Item
): Paginated<Item> {
  const current = paginator.currentPage
  const last = paginator.lastPage
  const pageLink = (page: number): PaginationLink => ({
    active: page === current,
    url: paginator.getUrl(page),
    label: String(page),
  })
  const links: PaginationLink[] = [
    { active: false, url: current > 1 ? paginator.getUrl(current - 1) : null, label: '&laquo;' },
    ...pageWindow(current, last).map((page) =>
      page === null ? { active: false, url: null, label: ELLIPSIS } : pageLink(page)
    ),
    {
      active: false,
      url: current < last ? paginator.getUrl(current + 1) : null,
      label: '&raquo;',
    },
  ]
  return {
    data: paginator.all().map(map),
    links,
    path: paginator.getUrl(1).split('?')[0],
    total: paginator.total,
  }
}

/**
 * The page numbers to link, null standing for a gap: all of them when they
 * are few, else 1–2, the current page ± 3 and the last two.
 */
export function pageWindow(current: number, last: number): Array<number | null> {
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)
  const window = ON_EACH_SIDE * 2
  if (last <= window + 6) return range(1, last)
  if (current <= window) return [...range(1, window + 2), null, last - 1, last]
  if (current > last - window) return [1, 2, null, ...range(last - window - 1, last)]
  return [
    1,
    2,
    null,
    ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE),
    null,
    last - 1,
    last,
  ]
}
