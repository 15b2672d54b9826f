import db from '@adonisjs/lucid/services/db'
import { searchWords } from '#shared/petitions/list_filters'
import {
  readByIds,
  type ListPage,
  type ListPart,
  type ListScope,
  type PetitionQuery,
} from '#services/petitions/listing/paging'

const isPostgres = () => db.connection().dialect.name === 'postgres'

/**
 * The search index marks each listed petition with facets (see the search
 * index's migrations): every listed one, and those of each language, topic
 * and country. A list names the facets it shows, so that the index alone
 * finds the petitions it may show, searched or not.
 */
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
function sqliteTiers(words: string[], scope: ListScope) {
  const phrase = sqlitePhrase(words)
  const facet = facetsOf(scope)
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
function sqliteMatch(words: string[], scope: ListScope) {
  const facets = facetsOf(scope)
  if (words.length === 0) return facets
  return `({title target description_text} : (${sqlitePhrase(words)})) AND ${facets}`
}

/**
 * The search, per database. PostgreSQL: the words in a tsquery on the
 * `search_vector` column, each folded as the index folds it, and the
 * list's facet. SQLite: the matches of each tier, joined by id.
 */
export function whereMatches(query: PetitionQuery, words: string[], scope: ListScope) {
  if (isPostgres()) {
    return query
      .whereRaw(`petitions.search_vector @@ to_tsquery('simple', petitions_search_fold(?))`, [
        postgresQuery(words),
      ])
      .whereRaw('petitions.search_vector @@ ?::tsquery', [facetsOf(scope)])
  }
  // Read from the index alone (LIMIT keeps SQLite from merging it into the
  // join, which would probe the index once per petition of the language).
  const tiers = sqliteTiers(words, scope).map(
    (_, index) =>
      `SELECT rowid AS id, ${index + 1} AS tier
       FROM petitions_fts WHERE petitions_fts MATCH ?`
  )
  return query.joinRaw(
    `JOIN (SELECT * FROM (${tiers.join(' UNION ALL ')}) LIMIT -1) hits ON hits.id = petitions.id`,
    sqliteTiers(words, scope)
  )
}

/**
 * A list of a topic or a country without a search: its petitions found by
 * their facets in the search index, as a search's are, never by a filter
 * on each petition of the language.
 */
export function whereFacets(query: PetitionQuery, scope: ListScope) {
  if (isPostgres())
    return query.whereRaw('petitions.search_vector @@ ?::tsquery', [facetsOf(scope)])
  return query.joinRaw(
    `JOIN (SELECT rowid AS id FROM petitions_fts WHERE petitions_fts MATCH ? LIMIT -1) faceted
     ON faceted.id = petitions.id`,
    [facetsOf(scope)]
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
 * SQLite, a search or a list of a topic or a country with no status to
 * check: the search index alone holds the list (its facets say listed, in
 * which language, of which topic and country), so neither the count nor a
 * search's best matches read a petition row, however many match.
 */
export const answeredByTheIndex = (scope: ListScope) =>
  !isPostgres() && scope.status === null && (searchWords(scope.q).length > 0 || hasFacets(scope))

/** SQLite: the rows of the search index that match an FTS5 query. */
const indexMatches = (match: string) =>
  db.from('petitions_fts').whereRaw('petitions_fts MATCH ?', [match])

async function indexCount(match: string) {
  const [row] = await indexMatches(match).count('* as total')
  return Number(row?.total ?? 0)
}

/** SQLite: how many petitions of the list match its search, counted in the search index. */
export const indexTotal = (scope: ListScope) => indexCount(sqliteMatch(searchWords(scope.q), scope))

/**
 * SQLite: a search's best matches, ranked inside the search index tier by
 * tier, each newest first: the tiers as parts of the list.
 */
export async function bestMatchesParts(scope: ListScope, read: ListPage['read']) {
  const tiers = sqliteTiers(searchWords(scope.q), scope)
  const [inTitle, inTarget, total] = await Promise.all([
    indexCount(tiers[0]),
    indexCount(tiers[1]),
    indexTotal(scope),
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
  return parts
}
