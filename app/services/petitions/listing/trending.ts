import db from '@adonisjs/lucid/services/db'
import { hourOf } from '#shared/hours'
import type { ListFilters } from '#shared/petitions/list_filters'
import {
  readByIds,
  sliceByIds,
  type ListPage,
  type ListPart,
  type ListScope,
} from '#services/petitions/listing/paging'
import { filtered, listed, orderByNewest, totalOf } from '#services/petitions/listing/filters'
import { trendingRanking } from '#runtime/caches/process_caches'

/** Hours the trending list adds up: the current one and the 23 before it. */
const TRENDING_HOURS = 24

/** Most petitions that rank as trending; any others follow, newest first. */
const TRENDING_MOST = 5000

/** Most lists whose trending order a process keeps at once (each search is one). */
const TRENDING_LISTS_KEPT = 100

/**
 * The trending sums, and the ranked trending ids of each list asked for
 * since (by its search, status and language), reused until the sums are
 * read again: ranking a list's trending petitions reads up to 5,000 rows.
 */
export type TrendingRanking = { sums: Map<number, number>; heads: Map<string, number[]> }

/**
 * The signatures counted per petition in the last 24 hours (those with
 * more than none, the most first), summed once from the hourly counts and
 * kept for a few seconds (flushes drop them at once): every page of every
 * trending list reuses them.
 */
function trendingSums() {
  return trendingRanking.get('ranking', loadTrendingSums)
}

async function loadTrendingSums(): Promise<TrendingRanking> {
  const rows: Array<{ petition_id: number | string; recent: number | string }> = await db
    .from('petition_hourly_signatures')
    .where('hour', '>=', hourOf() - (TRENDING_HOURS - 1))
    .groupBy('petition_id')
    .havingRaw('SUM("count") > 0')
    .select('petition_id', db.raw('SUM("count") AS recent'))
    .orderBy('recent', 'desc')
    .limit(TRENDING_MOST)
  const sums = new Map(rows.map((row) => [Number(row.petition_id), Number(row.recent)]))
  return { sums, heads: new Map() }
}

/**
 * The list's trending petitions, most signatures in the last 24 hours
 * first (then newest first): found by their ids and ranked here.
 */
async function trendingHead(scope: ListScope, now: string) {
  const { sums, heads } = await trendingSums()
  const key = JSON.stringify([
    scope.q,
    scope.status,
    scope.lang,
    scope.exceptLang,
    scope.topic,
    scope.country,
  ])
  const kept = heads.get(key)
  if (kept) return kept
  const matching =
    sums.size === 0
      ? []
      : await filtered(scope, now)
          .whereIn('petitions.id', [...sums.keys()])
          .select('petitions.id', 'petitions.created_at')
          .pojo<{ id: number; created_at: unknown }>()
  const createdOf = (row: { created_at: unknown }) => new Date(row.created_at as string).getTime()
  const head = matching
    .sort(
      (a, b) =>
        sums.get(Number(b.id))! - sums.get(Number(a.id))! ||
        createdOf(b) - createdOf(a) ||
        Number(b.id) - Number(a.id)
    )
    .map((row) => Number(row.id))
  if (heads.size >= TRENDING_LISTS_KEPT) heads.clear()
  heads.set(key, head)
  return head
}

/**
 * Trending: the most signatures counted in the last 24 hours (the counter's
 * hourly rows, never a scan of signatures), then the petitions with none,
 * newest first, read through the list's index.
 */
export async function trendingParts(
  scope: ListScope,
  now: string,
  read: ListPage['read']
): Promise<ListPart[]> {
  const [head, total] = await Promise.all([trendingHead(scope, now), totalOf(scope, now)])
  const trending: ListPart = {
    total: head.length,
    // A kept ranking may name a petition unlisted since: it is left out.
    slice: (offset, limit) => readByIds(head.slice(offset, offset + limit), read, listed()),
  }
  const others: ListPart = {
    total: Math.max(0, total - head.length),
    slice: (offset, limit) => {
      const newest = orderByNewest(filtered(scope, now))
      if (head.length > 0) newest.whereNotIn('petitions.id', head)
      return sliceByIds(newest, offset, limit, read)
    },
  }
  return [trending, others]
}

/** The home page's list of open petitions gaining signatures now: every language. */
const HOME_FILTERS: ListFilters = {
  q: '',
  status: 'open',
  lang: 'all',
  topic: null,
  country: null,
  sort: 'trending',
}

/**
 * Home: the open listed petitions that gained the most signatures in the
 * last 24 hours, with how many each gained; the kept ranking and one read of
 * their rows (card columns only), never a query per petition.
 */
export async function trendingNow(limit: number, now: string, read: ListPage['read']) {
  const { sums } = await trendingSums()
  const head = await trendingHead(HOME_FILTERS, now)
  const petitions = await readByIds(head.slice(0, limit), read, listed())
  return petitions.map((petition) => ({ petition, recent: sums.get(petition.id) ?? 0 }))
}
