import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { SimplePaginator } from '@adonisjs/lucid/database'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Petition from '#models/petition'
import { hourOf } from '#services/signatures/counter'
import { isLocale, type Locale } from '#app/i18n/locales'
import { wherePublic } from '#services/petitions/visibility'

export const PETITIONS_PER_PAGE = 10
export const SUCCESSFUL_ON_HOME = 6
export const VICTORIES_ON_HOME = 6

export const LIST_STATUSES = ['open', 'successful', 'closed', 'victory'] as const
export const LIST_SORTS = ['newest', 'signatures', 'trending', 'closing', 'relevance'] as const
export type ListStatus = (typeof LIST_STATUSES)[number]
export type ListSort = (typeof LIST_SORTS)[number]

/** What the list shows: the search, the filters and the order, as the page and its links carry them. */
export type ListFilters = {
  /** The search as typed (trimmed); '' for none. */
  q: string
  /** null: every status. */
  status: ListStatus | null
  /** A language, or 'all'. */
  lang: Locale | 'all'
  sort: ListSort
}

/** Longest search kept, and most words searched: a search box, not a document. */
const MAX_QUERY_LENGTH = 200
const MAX_WORDS = 10
/** Hours the trending list adds up: the current one and the 23 before it. */
const TRENDING_HOURS = 24

/** A query-string value as one string: anything else (an array, an object) counts as absent. */
function text(value: unknown) {
  return typeof value === 'string' ? value : ''
}

/**
 * The words of a search: runs of letters, marks and digits in any script.
 * Everything else (quotes, operators, brackets, the syntax of either
 * database's search language) separates words and is never passed on, so
 * that no input can break a search query.
 */
export function searchWords(q: string) {
  return (q.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS)
}

/**
 * The list's parameters read from the query string. The list is browsed,
 * not submitted: a value it does not know reads as its default (the
 * visitor's language, every status, newest first), never as an error.
 * With a search and no order chosen, the best matches come first.
 */
export function listFilters(
  input: { q?: unknown; status?: unknown; lang?: unknown; sort?: unknown },
  visitorLocale: Locale
): ListFilters {
  const q = text(input.q).trim().slice(0, MAX_QUERY_LENGTH)
  const searching = searchWords(q).length > 0
  const status = text(input.status)
  const lang = text(input.lang)
  const sort = text(input.sort)
  const knownSort = (LIST_SORTS as readonly string[]).includes(sort) ? (sort as ListSort) : null
  return {
    q,
    status: (LIST_STATUSES as readonly string[]).includes(status) ? (status as ListStatus) : null,
    lang: lang === 'all' || isLocale(lang) ? lang : visitorLocale,
    sort:
      knownSort && (knownSort !== 'relevance' || searching)
        ? knownSort
        : searching
          ? 'relevance'
          : 'newest',
  }
}

/** The parameters a link to another page of the list keeps: those that differ from the defaults. */
export function listQueryString(filters: ListFilters, visitorLocale: Locale) {
  const values: Record<string, string> = {}
  if (filters.q) values.q = filters.q
  if (filters.status) values.status = filters.status
  if (filters.lang !== visitorLocale) values.lang = filters.lang
  const searching = searchWords(filters.q).length > 0
  if (filters.sort !== (searching ? 'relevance' : 'newest')) values.sort = filters.sort
  return values
}

const stored = (date: DateTime) => date.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

/** The columns a card shows: never the description, its text or its search index. */
const CARD_COLUMNS = [
  'id',
  'guid',
  'slug',
  'user_id',
  'title',
  'target',
  'target_signatures',
  'allow_opposite',
  'support_count',
  'oppose_count',
  'published',
  'finished',
  'finished_at',
  'closes_at',
  'victory_at',
  'created_at',
].map((column) => `petitions.${column}`)

type PetitionQuery = ModelQueryBuilderContract<typeof Petition>

/** Petitions anyone may find: published, not unlisted, not hidden by moderators. */
function listed(query: PetitionQuery = Petition.query()) {
  return wherePublic(query).where('petitions.private', false)
}

/** What a card needs besides its row: the owner and the banner. */
function withCardRelations(query: PetitionQuery) {
  return query
    .select(CARD_COLUMNS)
    .preload('user')
    .preload('media', (media) => media.where('type', 'banner'))
}

/** How a page of the list is read: its size, and the columns and relations of its rows. */
export type ListPage = { perPage: number; read: (query: PetitionQuery) => PetitionQuery }

/** The site's list: 10 cards a page. */
const CARD_PAGE: ListPage = { perPage: PETITIONS_PER_PAGE, read: withCardRelations }

/** Open data: 50 petitions a page, each with its text and dates and its owner's name. */
export const OPEN_DATA_PAGE: ListPage = {
  perPage: 50,
  read: (query) =>
    query
      .select([
        ...CARD_COLUMNS,
        'petitions.description_text',
        'petitions.succeeded_at',
        'petitions.lang',
      ])
      .preload('user'),
}

/** Open: signing goes on (not finished, no closing date passed). */
function whereOpen(query: PetitionQuery, now: string) {
  return query
    .where('petitions.finished', false)
    .where((date) => date.whereNull('petitions.closes_at').orWhere('petitions.closes_at', '>', now))
}

/** Closed: finished by its owner, or its closing date passed. */
function whereClosed(query: PetitionQuery, now: string) {
  return query.where((closed) =>
    closed.where('petitions.finished', true).orWhere('petitions.closes_at', '<=', now)
  )
}

const isPostgres = () => db.connection().dialect.name === 'postgres'

/**
 * The search index marks each listed petition with facets (see the search
 * index's migration): every listed one, and those of each language. A
 * search names the facet of the list it searches, so that the index alone
 * finds the matches the list may show.
 */
function facetOf(lang: ListFilters['lang']) {
  if (isPostgres()) return lang === 'all' ? '_listed' : `_lang_${lang}`
  return lang === 'all' ? 'listed' : `lang${lang}`
}

/*
 * Relevance ranks in tiers: petitions whose title holds every word, then
 * those whose target does, then those matching anywhere (words spread over
 * the fields, or in the description); newest first within a tier (ids grow
 * with time). Each tier is read in the search index's own order, so that a
 * page costs the same whether a word is in ten petitions or in ten
 * thousand: no score is computed for every match.
 */

/**
 * PostgreSQL: the words ANDed, the last one a prefix (a search box is
 * typed left to right), limited to the weight of a field when given
 * (A: title, B: target).
 */
const postgresQuery = (words: string[], weight = '') =>
  words
    .map((word, index) => `${word}:${index === words.length - 1 ? '*' : ''}${weight}`)
    .map((term) => (term.endsWith(':') ? term.slice(0, -1) : term))
    .join(' & ')

/** PostgreSQL: a petition's tier for the search (1 title, 2 target, 3 anywhere). */
function postgresTier(words: string[]) {
  return {
    sql: `CASE WHEN petitions.search_vector @@ to_tsquery('simple', petitions_search_fold(?)) THEN 1
      WHEN petitions.search_vector @@ to_tsquery('simple', petitions_search_fold(?)) THEN 2
      ELSE 3 END`,
    bindings: [postgresQuery(words, 'A'), postgresQuery(words, 'B')],
  }
}

/** SQLite: the words as FTS5 strings, all required, the last one a prefix. */
const sqlitePhrase = (words: string[]) =>
  words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ')

/** SQLite: the FTS5 query of each tier, over the list's facet, in the text columns only. */
function sqliteTiers(words: string[], lang: ListFilters['lang']) {
  const phrase = sqlitePhrase(words)
  const facet = `(facets : ${facetOf(lang)})`
  const inTitle = `({title} : (${phrase}))`
  const inTarget = `({target} : (${phrase}))`
  const anywhere = `({title target description_text} : (${phrase}))`
  return [
    `${inTitle} AND ${facet}`,
    `(${inTarget} NOT ${inTitle}) AND ${facet}`,
    `(${anywhere} NOT ${inTitle} NOT ${inTarget}) AND ${facet}`,
  ]
}

/** SQLite: every match of the search in the list's facet, whatever its tier. */
function sqliteMatch(words: string[], lang: ListFilters['lang']) {
  return `({title target description_text} : (${sqlitePhrase(words)})) AND (facets : ${facetOf(lang)})`
}

/**
 * The search, per database. PostgreSQL: the words in a tsquery on the
 * `search_vector` column, each folded as the index folds it, and the
 * list's facet. SQLite: the matches of each tier, joined by id.
 */
function whereMatches(query: PetitionQuery, words: string[], lang: ListFilters['lang']) {
  if (isPostgres()) {
    return query
      .whereRaw(`petitions.search_vector @@ to_tsquery('simple', petitions_search_fold(?))`, [
        postgresQuery(words),
      ])
      .whereRaw('petitions.search_vector @@ ?::tsquery', [facetOf(lang)])
  }
  // Read from the index alone (LIMIT keeps SQLite from merging it into the
  // join, which would probe the index once per petition of the language).
  const tiers = sqliteTiers(words, lang).map(
    (_, index) =>
      `SELECT rowid AS id, ${index + 1} AS tier
       FROM petitions_fts WHERE petitions_fts MATCH ?`
  )
  return query.joinRaw(
    `JOIN (SELECT * FROM (${tiers.join(' UNION ALL ')}) LIMIT -1) hits ON hits.id = petitions.id`,
    sqliteTiers(words, lang)
  )
}

/** Best match first: tier by tier, newest first within a tier. */
function orderByRelevance(query: PetitionQuery, words: string[]) {
  if (isPostgres()) {
    const tier = postgresTier(words)
    query.orderByRaw(tier.sql, tier.bindings)
  } else {
    query.orderBy('hits.tier', 'asc')
  }
  return query.orderBy('petitions.id', 'desc')
}

function orderByNewest(query: PetitionQuery) {
  return query.orderBy('petitions.created_at', 'desc').orderBy('petitions.id', 'desc')
}

/** The filtered list, unordered: listed, in the language, of the status, matching the search. */
function filtered(filters: ListFilters, now: string) {
  const query = listed()
  if (filters.lang !== 'all') query.where('petitions.lang', filters.lang)
  if (filters.status === 'open') whereOpen(query, now)
  if (filters.status === 'closed') whereClosed(query, now)
  if (filters.status === 'successful')
    query.whereRaw('petitions.support_count >= petitions.target_signatures')
  if (filters.status === 'victory') query.whereNotNull('petitions.victory_at')
  const words = searchWords(filters.q)
  if (words.length > 0) whereMatches(query, words, filters.lang)
  return query
}

async function countOf(query: PetitionQuery) {
  const [row] = await query.clearOrder().count('* as total').pojo<{ total: number | string }>()
  return Number(row?.total ?? 0)
}

/**
 * SQLite, a search with no status to check: the search index alone holds
 * the list (its facet says listed and in which language), so neither the
 * count nor the best matches read a petition row, however many match.
 */
const answeredByTheIndex = (filters: ListFilters) =>
  !isPostgres() && filters.status === null && searchWords(filters.q).length > 0

/** SQLite: the rows of the search index that match an FTS5 query. */
const indexMatches = (match: string) =>
  db.from('petitions_fts').whereRaw('petitions_fts MATCH ?', [match])

async function indexCount(match: string) {
  const [row] = await indexMatches(match).count('* as total')
  return Number(row?.total ?? 0)
}

const indexTotal = (filters: ListFilters) =>
  indexCount(sqliteMatch(searchWords(filters.q), filters.lang))

/** How many petitions the list holds, from the search index where it can answer alone. */
function totalOf(filters: ListFilters, now: string) {
  return answeredByTheIndex(filters) ? indexTotal(filters) : countOf(filtered(filters, now))
}

/** Petitions of `from` read by id, in the order of `ids`. */
async function readByIds(ids: number[], read: ListPage['read'], from = Petition.query()) {
  if (ids.length === 0) return []
  const found = await read(from).whereIn('petitions.id', ids)
  return ids.flatMap((id) => found.filter((row) => row.id === id))
}

/** A part of a ranked list: how many it holds, and a slice of it in its order. */
type ListPart = { total: number; slice: (offset: number, limit: number) => Promise<Petition[]> }

/**
 * A page of a list made of parts one after another (a ranked head, then
 * the rest newest first; or a search's tiers): each part is read only
 * where the page crosses it, through its own index or the search index,
 * so that nothing sorts the whole list.
 */
async function pageOfParts(parts: ListPart[], page: number, perPage: number) {
  let skip = (page - 1) * perPage
  let rows: Petition[] = []
  for (const part of parts) {
    if (rows.length >= perPage) break
    if (skip >= part.total) {
      skip -= part.total
      continue
    }
    rows = rows.concat(await part.slice(skip, perPage - rows.length))
    skip = 0
  }
  const total = parts.reduce((sum, part) => sum + part.total, 0)
  return new SimplePaginator(total, perPage, page, ...rows)
}

/** A list ranked in two parts, `head` then `rest`, each a query in its order. */
async function twoPartPage(
  head: () => PetitionQuery,
  rest: () => PetitionQuery,
  page: number,
  { perPage, read }: ListPage
): Promise<SimplePaginator> {
  const [headTotal, restTotal] = await Promise.all([countOf(head()), countOf(rest())])
  const part = (query: () => PetitionQuery, total: number): ListPart => ({
    total,
    slice: (offset, limit) => read(query()).offset(offset).limit(limit),
  })
  return pageOfParts([part(head, headTotal), part(rest, restTotal)], page, perPage)
}

/**
 * SQLite: a search's best matches, page by page, ranked inside the search
 * index tier by tier, each newest first.
 */
async function bestMatchesPage(filters: ListFilters, page: number, { perPage, read }: ListPage) {
  const tiers = sqliteTiers(searchWords(filters.q), filters.lang)
  const [inTitle, inTarget, total] = await Promise.all([
    indexCount(tiers[0]),
    indexCount(tiers[1]),
    indexTotal(filters),
  ])
  const totals = [inTitle, inTarget, Math.max(0, total - inTitle - inTarget)]
  const parts = tiers.map((match, index): ListPart => ({
    total: totals[index],
    slice: async (offset, limit) => {
      const hits: Array<{ id: number | string }> = await indexMatches(match)
        .select('rowid as id')
        .orderBy('rowid', 'desc')
        .offset(offset)
        .limit(limit)
      return readByIds(
        hits.map((hit) => Number(hit.id)),
        read
      )
    },
  }))
  return pageOfParts(parts, page, perPage)
}

/** Most petitions that rank as trending; any others follow, newest first. */
const TRENDING_MOST = 5000
/** How long a process reuses the trending sums (its own flushes drop them at once). */
const TRENDING_CACHE_MS = 30_000

/** Most lists whose trending order a process keeps at once (each search is one). */
const TRENDING_LISTS_KEPT = 100

/**
 * The trending sums, and the ranked trending ids of each list asked for
 * since (by its search, status and language), reused until the sums are
 * read again: ranking a list's trending petitions reads up to 5,000 rows.
 */
let trendingCache: { at: number; sums: Map<number, number>; heads: Map<string, number[]> } | null =
  null

/** A flush of this process counted signatures: its next trending list is read afresh. */
export function forgetTrending() {
  trendingCache = null
}

/**
 * The signatures counted per petition in the last 24 hours (those with
 * more than none, the most first), summed once from the hourly counts and
 * kept for a few seconds: every page of every trending list reuses it.
 */
async function trendingSums() {
  if (trendingCache && Date.now() - trendingCache.at < TRENDING_CACHE_MS) return trendingCache.sums
  const rows: Array<{ petition_id: number | string; recent: number | string }> = await db
    .from('petition_hourly_signatures')
    .where('hour', '>=', hourOf() - (TRENDING_HOURS - 1))
    .groupBy('petition_id')
    .havingRaw('SUM("count") > 0')
    .select('petition_id', db.raw('SUM("count") AS recent'))
    .orderBy('recent', 'desc')
    .limit(TRENDING_MOST)
  const sums = new Map(rows.map((row) => [Number(row.petition_id), Number(row.recent)]))
  trendingCache = { at: Date.now(), sums, heads: new Map() }
  return sums
}

/**
 * The list's trending petitions, most signatures in the last 24 hours
 * first (then newest first): found by their ids and ranked here.
 */
async function trendingHead(filters: ListFilters, now: string) {
  const sums = await trendingSums()
  const heads = trendingCache!.heads
  const key = JSON.stringify([filters.q, filters.status, filters.lang])
  const kept = heads.get(key)
  if (kept) return kept
  const matching =
    sums.size === 0
      ? []
      : await filtered(filters, now)
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
async function trendingPage(
  filters: ListFilters,
  now: string,
  page: number,
  { perPage, read }: ListPage
) {
  const [head, total] = await Promise.all([trendingHead(filters, now), totalOf(filters, now)])
  const trending: ListPart = {
    total: head.length,
    // A kept ranking may name a petition unlisted since: it is left out.
    slice: (offset, limit) => readByIds(head.slice(offset, offset + limit), read, listed()),
  }
  const others: ListPart = {
    total: Math.max(0, total - head.length),
    slice: (offset, limit) => {
      const newest = orderByNewest(read(filtered(filters, now)))
      if (head.length > 0) newest.whereNotIn('petitions.id', head)
      return newest.offset(offset).limit(limit)
    },
  }
  return pageOfParts([trending, others], page, perPage)
}

/** Closing soonest: open petitions with a closing date, soonest first, then all the others. */
function closingPage(filters: ListFilters, now: string, page: number, shape: ListPage) {
  return twoPartPage(
    () =>
      filtered(filters, now)
        .where('petitions.finished', false)
        .where('petitions.closes_at', '>', now)
        .orderBy('petitions.closes_at', 'asc')
        .orderBy('petitions.id', 'asc'),
    () =>
      orderByNewest(
        filtered(filters, now).where((others) =>
          others
            .where('petitions.finished', true)
            .orWhereNull('petitions.closes_at')
            .orWhere('petitions.closes_at', '<=', now)
        )
      ),
    page,
    shape
  )
}

/**
 * A page of the public list, searched, filtered and sorted as `filters` say:
 * 10 cards for the site, or 50 petitions of open data.
 */
export async function publicPetitions(filters: ListFilters, page: number, shape = CARD_PAGE) {
  const now = stored(DateTime.now())
  if (filters.sort === 'trending') return trendingPage(filters, now, page, shape)
  if (filters.sort === 'closing') return closingPage(filters, now, page, shape)
  if (filters.sort === 'relevance' && answeredByTheIndex(filters)) {
    return bestMatchesPage(filters, page, shape)
  }
  const query = shape.read(filtered(filters, now))
  if (filters.sort === 'relevance') orderByRelevance(query, searchWords(filters.q))
  else if (filters.sort === 'signatures')
    query.orderBy('petitions.support_count', 'desc').orderBy('petitions.id', 'desc')
  else orderByNewest(query)
  const [total, rows] = await Promise.all([
    totalOf(filters, now),
    query.offset((page - 1) * shape.perPage).limit(shape.perPage),
  ])
  return new SimplePaginator(total, shape.perPage, page, ...rows)
}

/** Home: up to 6 victories, the newest first. */
export function victoriousPetitions() {
  return withCardRelations(listed())
    .whereNotNull('petitions.victory_at')
    .orderBy('petitions.victory_at', 'desc')
    .orderBy('petitions.id', 'desc')
    .limit(VICTORIES_ON_HOME)
}

/** Home: up to 6 successful petitions, most recently successful first. */
export function successfulPetitions() {
  return listed()
    .preload('user')
    .preload('media', (media) => media.where('type', 'banner'))
    .whereRaw('support_count >= target_signatures')
    .orderByRaw('succeeded_at desc nulls last')
    .orderBy('created_at', 'desc')
    .limit(SUCCESSFUL_ON_HOME)
}
