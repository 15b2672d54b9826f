import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Locale } from '#app/i18n/locales'
import { listFilters, searchWords, type ListFilters } from '#shared/petitions/list_filters'
import { COUNTRIES_OF_LANGUAGE } from '#shared/petitions/topics'
import {
  pageOfParts,
  sliceByIds,
  twoParts,
  type ListPage,
  type ListPart,
  type ListScope,
  type PetitionQuery,
} from '#services/petitions/listing/paging'
import { filtered, listed, orderByNewest, totalOf } from '#services/petitions/listing/filters'
import {
  answeredByTheIndex,
  bestMatchesParts,
  newestInTheIndex,
  orderByRelevance,
  orderedByTheIndex,
} from '#services/petitions/listing/search'
import { trendingNow, trendingParts } from '#services/petitions/listing/trending'

export const PETITIONS_PER_PAGE = 10
export const SUCCESSFUL_ON_HOME = 6
export const VICTORIES_ON_HOME = 6
export const TRENDING_ON_HOME = 5
export const NEARBY_ON_HOME = 6

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
  'paper_count',
  'verified_count',
  'topics',
  'country',
  'region',
  'published',
  'finished',
  'finished_at',
  'closes_at',
  'victory_at',
  'created_at',
].map((column) => `petitions.${column}`)

/** What a card needs besides its row: the owner and the banner. */
function withCardRelations(query: PetitionQuery) {
  return query
    .select(CARD_COLUMNS)
    .preload('user')
    .preload('media', (media) => media.where('type', 'banner'))
}

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
        'petitions.stopped_count',
        'petitions.deactivated_count',
        'petitions.log_tree_size',
        'petitions.identity_required',
        'petitions.identity_residence',
      ])
      .preload('user'),
}

/** Closing soonest: open petitions with a closing date, soonest first, then all the others. */
function closingParts(scope: ListScope, now: string, read: ListPage['read']) {
  return twoParts(
    () =>
      filtered(scope, now)
        .where('petitions.finished', false)
        .where('petitions.closes_at', '>', now)
        .orderBy('petitions.closes_at', 'asc')
        .orderBy('petitions.id', 'asc'),
    () =>
      orderByNewest(
        filtered(scope, now).where((others) =>
          others
            .where('petitions.finished', true)
            .orWhereNull('petitions.closes_at')
            .orWhere('petitions.closes_at', '<=', now)
        )
      ),
    read
  )
}

/** The list of one scope in its order, as parts each read only where a page crosses it. */
async function partsOf(
  scope: ListScope,
  now: string,
  read: ListPage['read'],
  reach: number
): Promise<ListPart[]> {
  if (scope.sort === 'trending') return trendingParts(scope, now, read)
  if (scope.sort === 'closing') return closingParts(scope, now, read)
  if (scope.sort === 'relevance' && answeredByTheIndex(scope))
    return bestMatchesParts(scope, read, reach)
  if (orderedByTheIndex(scope)) return newestInTheIndex(scope, read)
  const ordered = () => {
    const query = filtered(scope, now)
    if (scope.sort === 'relevance')
      return orderByRelevance(query, searchWords(scope.q), scope.wordsLang)
    if (scope.sort === 'signatures')
      return query.orderBy('petitions.support_count', 'desc').orderBy('petitions.id', 'desc')
    return orderByNewest(query)
  }
  return [
    {
      total: await totalOf(scope, now),
      slice: (offset, limit) => sliceByIds(ordered(), offset, limit, read),
    },
  ]
}

/**
 * A page of the public list, searched, filtered and sorted as `filters`
 * say: 10 cards for the site, or 50 petitions of open data. In every
 * language, those in `firstLang` (the visitor's) come first, each part in
 * the list's order: a visitor never finds a list empty because nobody wrote
 * in their language yet, and finds their own first.
 */
export async function publicPetitions(
  filters: ListFilters,
  page: number,
  { shape = CARD_PAGE, firstLang }: { shape?: ListPage; firstLang: Locale }
) {
  const now = stored(DateTime.now())
  const scopes: ListScope[] =
    filters.lang === 'all'
      ? [
          { ...filters, lang: firstLang, wordsLang: firstLang },
          { ...filters, exceptLang: firstLang, wordsLang: firstLang },
        ]
      : [{ ...filters, wordsLang: firstLang }]
  // How far into the list the page asked for reaches.
  const reach = page * shape.perPage
  const parts = await Promise.all(scopes.map((scope) => partsOf(scope, now, shape.read, reach)))
  return pageOfParts(parts.flat(), page, shape.perPage)
}

/** Home: up to 6 victories, the newest first. */
export function victoriousPetitions() {
  return withCardRelations(listed())
    .whereNotNull('petitions.victory_at')
    .orderBy('petitions.victory_at', 'desc')
    .orderBy('petitions.id', 'desc')
    .limit(VICTORIES_ON_HOME)
}

/**
 * Home: up to 6 open listed petitions, those for the countries where the
 * site's language is spoken first (COUNTRIES_OF_LANGUAGE), then the newest
 * of anywhere else to fill the row. Two queries at most, each newest first
 * through an index (by country; by listing and date), the second only when
 * the first leaves room.
 */
export async function nearbyPetitions(locale: Locale) {
  const now = stored(DateTime.now())
  const countries = COUNTRIES_OF_LANGUAGE[locale]
  const open = () => withCardRelations(filtered({ ...listFilters({}), status: 'open' }, now))
  const near = await orderByNewest(open().whereIn('petitions.country', countries)).limit(
    NEARBY_ON_HOME
  )
  if (near.length >= NEARBY_ON_HOME) return near
  const elsewhere = await orderByNewest(
    open().where((others) =>
      others.whereNull('petitions.country').orWhereNotIn('petitions.country', countries)
    )
  ).limit(NEARBY_ON_HOME - near.length)
  return [...near, ...elsewhere]
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

/**
 * Home: up to 5 open petitions gaining signatures now, each with its count
 * of the last 24 hours; their card columns only (no owner, no banner).
 */
export function trendingPetitions() {
  return trendingNow(TRENDING_ON_HOME, stored(DateTime.now()), (query) =>
    query.select(CARD_COLUMNS)
  )
}
