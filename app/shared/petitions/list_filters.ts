/**
 * The public list's search, filters and order as its query string carries
 * them. Shared by the server and the list page: keep this file free of
 * server imports.
 */
import { isLocale, type Locale } from '#app/i18n/locales'
import { isCountryCode, type CountryCode } from '#shared/countries'
import { isPetitionTopic, type PetitionTopic } from '#shared/petitions/topics'

/** `awaiting`: a decision maker was mailed the petition and has not answered yet. */
export const LIST_STATUSES = ['open', 'successful', 'closed', 'victory', 'awaiting'] as const
export const LIST_SORTS = ['newest', 'signatures', 'trending', 'closing', 'relevance'] as const
export type ListStatus = (typeof LIST_STATUSES)[number]
export type ListSort = (typeof LIST_SORTS)[number]

/** What the list shows: the search, the filters and the order, as the page and its links carry them. */
export type ListFilters = {
  /** The search as typed (trimmed); '' for none. */
  q: string
  /** null: every status. */
  status: ListStatus | null
  /** A language, or 'all' (the default: every language, the visitor's first). */
  lang: Locale | 'all'
  /** null: every topic. */
  topic: PetitionTopic | null
  /** Where the petitions apply (ISO 3166-1 alpha-2); null: anywhere. */
  country: CountryCode | null
  sort: ListSort
}

/** The query-string parameters of the list. */
export const LIST_PARAMETERS = ['q', 'status', 'lang', 'topic', 'country', 'sort'] as const

/** Longest search kept, and most words searched: a search box, not a document. */
const MAX_QUERY_LENGTH = 200
const MAX_WORDS = 10

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
 * not submitted: a value it does not know reads as its default (every
 * language, every status, topic and country, newest first), never as an
 * error. With a search and no order chosen, the best matches come first.
 */
export function listFilters(
  input: Partial<Record<(typeof LIST_PARAMETERS)[number], unknown>>
): ListFilters {
  const q = text(input.q).trim().slice(0, MAX_QUERY_LENGTH)
  const searching = searchWords(q).length > 0
  const status = text(input.status)
  const lang = text(input.lang)
  const topic = text(input.topic)
  const country = text(input.country).toUpperCase()
  const sort = text(input.sort)
  const knownSort = (LIST_SORTS as readonly string[]).includes(sort) ? (sort as ListSort) : null
  return {
    q,
    status: (LIST_STATUSES as readonly string[]).includes(status) ? (status as ListStatus) : null,
    lang: isLocale(lang) ? lang : 'all',
    topic: isPetitionTopic(topic) ? topic : null,
    country: isCountryCode(country) ? country : null,
    sort:
      knownSort && (knownSort !== 'relevance' || searching)
        ? knownSort
        : searching
          ? 'relevance'
          : 'newest',
  }
}

/**
 * The parameters a link to another page of the list keeps: those that
 * differ from the defaults, so that links stay short and a shared link
 * means the same to everyone.
 */
export function listQueryString(filters: ListFilters) {
  const values: Record<string, string> = {}
  if (filters.q) values.q = filters.q
  if (filters.status) values.status = filters.status
  if (filters.lang !== 'all') values.lang = filters.lang
  if (filters.topic) values.topic = filters.topic
  if (filters.country) values.country = filters.country
  const searching = searchWords(filters.q).length > 0
  if (filters.sort !== (searching ? 'relevance' : 'newest')) values.sort = filters.sort
  return values
}

/**
 * Lists count their petitions up to this many: past it, a list says "more
 * than 1,000" (its total is LIST_COUNT_CAP + 1) and pages on to there. An
 * exact count of a big list reads every row it counts; nobody pages that far.
 */
export const LIST_COUNT_CAP = 1000

/** Whether a list's total is the capped one: more than LIST_COUNT_CAP. */
export const isCappedTotal = (total: number) => total > LIST_COUNT_CAP
