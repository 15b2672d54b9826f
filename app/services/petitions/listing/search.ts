import db from '@adonisjs/lucid/services/db'
import { searchWords, type ListFilters } from '#shared/petitions/list_filters'
import {
  pageOfParts,
  readByIds,
  type ListPage,
  type ListPart,
  type PetitionQuery,
} from '#services/petitions/listing/paging'

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
export function whereMatches(query: PetitionQuery, words: string[], lang: ListFilters['lang']) {
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
export function orderByRelevance(query: PetitionQuery, words: string[]) {
  if (isPostgres()) {
    const tier = postgresTier(words)
    query.orderByRaw(tier.sql, tier.bindings)
  } else {
    query.orderBy('hits.tier', 'asc')
  }
  return query.orderBy('petitions.id', 'desc')
}

/**
 * SQLite, a search with no status to check: the search index alone holds
 * the list (its facet says listed and in which language), so neither the
 * count nor the best matches read a petition row, however many match.
 */
export const answeredByTheIndex = (filters: ListFilters) =>
  !isPostgres() && filters.status === null && searchWords(filters.q).length > 0

/** SQLite: the rows of the search index that match an FTS5 query. */
const indexMatches = (match: string) =>
  db.from('petitions_fts').whereRaw('petitions_fts MATCH ?', [match])

async function indexCount(match: string) {
  const [row] = await indexMatches(match).count('* as total')
  return Number(row?.total ?? 0)
}

/** SQLite: how many petitions of the list match its search, counted in the search index. */
export const indexTotal = (filters: ListFilters) =>
  indexCount(sqliteMatch(searchWords(filters.q), filters.lang))

/**
 * SQLite: a search's best matches, page by page, ranked inside the search
 * index tier by tier, each newest first.
 */
export async function bestMatchesPage(
  filters: ListFilters,
  page: number,
  { perPage, read }: ListPage
) {
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
