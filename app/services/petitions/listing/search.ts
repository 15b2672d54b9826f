import db from '@adonisjs/lucid/services/db'
import { DEFAULT_LOCALE, type Locale } from '#app/i18n/locales'
import { wordForms } from '#support/search_terms'
import { LIST_COUNT_CAP, searchWords } from '#shared/petitions/list_filters'
import {
  readByIds,
  type ListPage,
  type ListPart,
  type ListScope,
  type PetitionQuery,
} from '#services/petitions/listing/paging'

const isPostgres = () => db.connection().dialect.name === 'postgres'

/**
 * The search index, one entry per petition (see the search index's
 * migrations): SQLite's FTS5 table, PostgreSQL's narrow table of words and
 * facets. Either holds each listed petition's facets (listed, its
 * language, topics and country) beside its words, so that a list finds its
 * petitions and counts them in the index alone.
 */
const searchIndex = () =>
  isPostgres()
    ? { table: 'petition_search_entries', id: 'petition_id' }
    : { table: 'petitions_fts', id: 'rowid' }

/** A condition on the search index's rows: SQL and its bindings. */
type IndexMatch = { sql: string; bindings: string[] }

/** The facets a list asks of the index: its language (or all but one), topic and country. */
function facetsOf(scope: ListScope) {
  const postgres = isPostgres()
  const token = (kind: 'listed' | 'lang' | 'topic' | 'country', value = '') => {
    const key = value.replaceAll('-', '').toLowerCase()
    return postgres ? `_${kind}${key ? `_${key}` : ''}` : `${kind}${key}`
  }
  const required = [scope.lang === 'all' ? token('listed') : token('lang', scope.lang)]
  if (scope.topic) required.push(token('topic', scope.topic))
  if (scope.country) required.push(token('country', scope.country))
  const excluded = scope.exceptLang ? [token('lang', scope.exceptLang)] : []
  if (postgres) return [...required, ...excluded.map((facet) => `!${facet}`)].join(' & ')
  return `(facets : (${required.join(' AND ')}${excluded.map((facet) => ` NOT ${facet}`).join('')}))`
}

/** Whether the list names a facet besides its language: a topic or a country. */
export const hasFacets = (scope: ListScope) => scope.topic !== null || scope.country !== null

/*
 * Relevance ranks in tiers: petitions whose title holds every word, then
 * those whose target does, then those matching anywhere (words spread over
 * the fields, or in the description); newest first within a tier (ids grow
 * with time). Each tier is an exact match in the index, read in the
 * index's own order, so that a page costs the same whether a word is in ten
 * petitions or in ten thousand: no score is computed for every match.
 */

/**
 * Each searched word with the forms it may match beyond itself (see
 * support/search_terms): its stem in the visitor's language, found among
 * the stems the index keeps, or for Ukrainian the start its forms share,
 * as a prefix. The last word is a prefix too: a search box is typed left
 * to right.
 */
function alternativesOf(words: string[], lang: Locale = DEFAULT_LOCALE) {
  return words.map((word, index) => {
    const { stem, prefix } = wordForms(word, lang)
    return [
      { term: word, prefix: index === words.length - 1 },
      ...(stem ? [{ term: stem, prefix: false }] : []),
      ...(prefix ? [{ term: prefix, prefix: true }] : []),
    ]
  })
}

/** PostgreSQL: the words ANDed, each one of its forms. */
const postgresWords = (words: string[], lang?: Locale) =>
  alternativesOf(words, lang)
    .map(
      (forms) => `(${forms.map(({ term, prefix }) => (prefix ? `${term}:*` : term)).join(' | ')})`
    )
    .join(' & ')

/** PostgreSQL: a tsquery of the words, folded as the index folds them. */
const TSQUERY = `to_tsquery('simple', petitions_search_fold(?))`

/** SQLite: the words as FTS5 strings, all required, each one of its forms. */
const sqlitePhrase = (words: string[], lang?: Locale) =>
  alternativesOf(words, lang)
    .map(
      (forms) =>
        `(${forms.map(({ term, prefix }) => `"${term}"${prefix ? '*' : ''}`).join(' OR ')})`
    )
    .join(' AND ')

const sqliteMatch = (expression: string): IndexMatch => ({
  sql: 'petitions_fts MATCH ?',
  bindings: [expression],
})

/** The index's condition for each tier, over the list's facets. */
function tiersOf(words: string[], scope: ListScope): IndexMatch[] {
  const facets = facetsOf(scope)
  if (isPostgres()) {
    const q = postgresWords(words, scope.wordsLang)
    const inFacets = 'facets @@ ?::tsquery'
    return [
      { sql: `title @@ ${TSQUERY} AND ${inFacets}`, bindings: [q, facets] },
      {
        sql: `target @@ ${TSQUERY} AND NOT title @@ ${TSQUERY} AND ${inFacets}`,
        bindings: [q, q, facets],
      },
      {
        sql: `words @@ ${TSQUERY} AND NOT title @@ ${TSQUERY} AND NOT target @@ ${TSQUERY} AND ${inFacets}`,
        bindings: [q, q, q, facets],
      },
    ]
  }
  const phrase = sqlitePhrase(words, scope.wordsLang)
  const inTitle = `({title} : (${phrase}))`
  const inTarget = `({target} : (${phrase}))`
  const anywhere = `({title target description_text} : (${phrase}))`
  return [
    `${inTitle} AND ${facets}`,
    `(${inTarget} NOT ${inTitle}) AND ${facets}`,
    `(${anywhere} NOT ${inTitle} NOT ${inTarget}) AND ${facets}`,
  ].map(sqliteMatch)
}

/** Every petition of the list in the index, whatever its tier: its facets and its words if any. */
function listMatch(words: string[], scope: ListScope): IndexMatch {
  const facets = facetsOf(scope)
  if (isPostgres()) {
    if (words.length === 0) return { sql: 'facets @@ ?::tsquery', bindings: [facets] }
    return {
      sql: `words @@ ${TSQUERY} AND facets @@ ?::tsquery`,
      bindings: [postgresWords(words, scope.wordsLang), facets],
    }
  }
  if (words.length === 0) return sqliteMatch(facets)
  return sqliteMatch(
    `({title target description_text} : (${sqlitePhrase(words, scope.wordsLang)})) AND ${facets}`
  )
}

/** The index's rows that match. */
function indexRows({ sql, bindings }: IndexMatch) {
  return db.from(searchIndex().table).whereRaw(sql, bindings)
}

/**
 * The search's matches among the petitions, found in the index alone.
 * SQLite: joined as `hits` (id, tier), tier by tier, the LIMIT keeping
 * SQLite from merging it into the join (which would probe the index once
 * per petition of the language). PostgreSQL: the matching ids first, as
 * an array the petitions are then read by: the planner, which cannot know
 * that a word is rare among the petitions of a language or of a status,
 * would otherwise read petitions in the list's order and probe the index
 * for each, all of them when the matches are few.
 */
export function whereMatches(query: PetitionQuery, words: string[], scope: ListScope) {
  if (isPostgres()) {
    const match = listMatch(words, scope)
    return query.whereRaw(
      `petitions.id = ANY(ARRAY(SELECT petition_id FROM petition_search_entries WHERE ${match.sql}))`,
      match.bindings
    )
  }
  const tiers = tiersOf(words, scope)
  const selects = tiers.map(
    (tier, index) => `SELECT rowid AS id, ${index + 1} AS tier FROM petitions_fts WHERE ${tier.sql}`
  )
  return query.joinRaw(
    `JOIN (SELECT * FROM (${selects.join(' UNION ALL ')}) LIMIT -1) hits ON hits.id = petitions.id`,
    tiers.flatMap((tier) => tier.bindings)
  )
}

/**
 * A list of a topic or a country without a search: its petitions found by
 * their facets, as a search's are, never by a filter on each petition of
 * the language. SQLite: through the search index. PostgreSQL: through the
 * facets in the petitions' own rows (`listing_facets`, GIN-indexed), one
 * query the planner reads in the list's order or through the index,
 * whichever the facet's frequency makes cheaper.
 */
export function whereFacets(query: PetitionQuery, scope: ListScope) {
  if (isPostgres()) {
    return query.whereRaw('petitions.listing_facets @@ ?::tsquery', [facetsOf(scope)])
  }
  const match = listMatch([], scope)
  return query.joinRaw(
    `JOIN (SELECT rowid AS id FROM petitions_fts WHERE ${match.sql} LIMIT -1) faceted
     ON faceted.id = petitions.id`,
    match.bindings
  )
}

/**
 * Best match first: tier by tier, newest first within a tier. PostgreSQL
 * reads each match's tier from its short index entry.
 */
export function orderByRelevance(query: PetitionQuery, words: string[], lang?: Locale) {
  if (isPostgres()) {
    const q = postgresWords(words, lang)
    query.orderByRaw(
      `(SELECT CASE WHEN title @@ ${TSQUERY} THEN 1 WHEN target @@ ${TSQUERY} THEN 2 ELSE 3 END
        FROM petition_search_entries WHERE petition_id = petitions.id)`,
      [q, q]
    )
  } else {
    query.orderBy('hits.tier', 'asc')
  }
  return query.orderBy('petitions.id', 'desc')
}

/**
 * A search, or a list of a topic or a country, with no status to check:
 * the index alone holds the list (its facets say listed, in which
 * language, of which topic and country), so neither the count nor a
 * search's best matches read a petition row, however many match.
 */
export const answeredByTheIndex = (scope: ListScope) =>
  scope.status === null && (searchWords(scope.q).length > 0 || hasFacets(scope))

/** How many rows of the index match, up to LIST_COUNT_CAP + 1 ("more than 1,000"). */
async function indexCount(match: IndexMatch, cap = LIST_COUNT_CAP + 1) {
  const upToCap = indexRows(match).select(db.raw('1')).limit(cap).as('capped')
  const [row] = await db.from(upToCap).count('* as total')
  return Number(row?.total ?? 0)
}

/** How many petitions of the list match its search and facets, counted in the index. */
export const indexTotal = (scope: ListScope) => indexCount(listMatch(searchWords(scope.q), scope))

/**
 * SQLite: a topic's or a country's list, newest first, with no status to
 * check: read in the index's own order, newest first as ids grow with
 * time (as a search's tiers are), so that a page reads its ten rows and
 * no join of every petition of the topic sorts them.
 */
export const orderedByTheIndex = (scope: ListScope) =>
  !isPostgres() &&
  scope.sort === 'newest' &&
  scope.status === null &&
  searchWords(scope.q).length === 0 &&
  hasFacets(scope)

/** SQLite: the list of a topic or a country, newest first, as one part read from the index. */
export async function newestInTheIndex(scope: ListScope, read: ListPage['read']) {
  const match = listMatch([], scope)
  const part: ListPart = {
    total: await indexCount(match),
    slice: (offset, limit) => indexSlice(match, offset, limit, read),
  }
  return [part]
}

/** The petitions of an index match, newest (highest id) first, `limit` after `offset`. */
async function indexSlice(
  match: IndexMatch,
  offset: number,
  limit: number,
  read: ListPage['read']
) {
  const { id } = searchIndex()
  const hits: Array<{ id: number | string }> = await indexRows(match)
    .select(`${id} as id`)
    .orderBy(id, 'desc')
    .offset(offset)
    .limit(limit)
  return readByIds(
    hits.map((hit) => Number(hit.id)),
    read
  )
}

/**
 * A search's best matches, ranked inside the index tier by tier, each
 * newest first: the tiers as parts of the list. The first two tiers are
 * counted only as far as the page asked for reaches (`reach`): a tier that
 * holds at least that many holds the whole page, and the last tier takes
 * the rest of the total, so that a word in 17,000 petitions costs a page
 * of counting, not three counts of a thousand.
 */
export async function bestMatchesParts(scope: ListScope, read: ListPage['read'], reach: number) {
  const tiers = tiersOf(searchWords(scope.q), scope)
  const tierCap = Math.min(reach, LIST_COUNT_CAP + 1)
  const [inTitle, inTarget, total] = await Promise.all([
    indexCount(tiers[0], tierCap),
    indexCount(tiers[1], tierCap),
    indexTotal(scope),
  ])
  const totals = [inTitle, inTarget, Math.max(0, total - inTitle - inTarget)]
  return tiers.map((match, index): ListPart => ({
    total: totals[index],
    slice: (offset, limit) => indexSlice(match, offset, limit, read),
  }))
}
