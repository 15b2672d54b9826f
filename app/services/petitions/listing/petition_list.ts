import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { SimplePaginator } from '@adonisjs/lucid/database'
import { searchWords, type ListFilters } from '#shared/petitions/list_filters'
import { twoPartPage, type ListPage, type PetitionQuery } from '#services/petitions/listing/paging'
import { filtered, listed, orderByNewest, totalOf } from '#services/petitions/listing/filters'
import {
  answeredByTheIndex,
  bestMatchesPage,
  orderByRelevance,
} from '#services/petitions/listing/search'
import { trendingNow, trendingPage } from '#services/petitions/listing/trending'

export const PETITIONS_PER_PAGE = 10
export const SUCCESSFUL_ON_HOME = 6
export const VICTORIES_ON_HOME = 6
export const TRENDING_ON_HOME = 5

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
      ])
      .preload('user'),
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

/**
 * Home: up to 5 open petitions gaining signatures now, each with its count
 * of the last 24 hours; their card columns only (no owner, no banner).
 */
export function trendingPetitions() {
  return trendingNow(TRENDING_ON_HOME, stored(DateTime.now()), (query) =>
    query.select(CARD_COLUMNS)
  )
}
