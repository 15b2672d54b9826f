import Petition from '#models/petition'
import { searchWords } from '#shared/petitions/list_filters'
import { wherePublic } from '#support/petition_visibility'
import { countOf, type ListScope, type PetitionQuery } from '#services/petitions/listing/paging'
import {
  answeredByTheIndex,
  hasFacets,
  indexTotal,
  whereFacets,
  whereMatches,
} from '#services/petitions/listing/search'

/** Petitions anyone may find: published, not unlisted, not hidden by moderators. */
export function listed(query: PetitionQuery = Petition.query()) {
  return wherePublic(query).where('petitions.private', false)
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

/**
 * The filtered list, unordered: listed, in the language, of the status,
 * topic and country, matching the search. A list found through the search
 * index (a search, a topic, a country) takes "not hidden" from the index's
 * facets, which its triggers keep: on the petitions' side it reads only
 * what the indexes over ids and over the orders cover (language,
 * published, private, status, order), never a row for `hidden_at`.
 */
export function filtered(scope: ListScope, now: string) {
  const words = searchWords(scope.q)
  const throughTheIndex = words.length > 0 || hasFacets(scope)
  const query = throughTheIndex
    ? Petition.query().where('petitions.published', true).where('petitions.private', false)
    : listed()
  // The language again on the rows, though the facets hold it: an index
  // by language then order reads one language's petitions in order.
  if (scope.lang !== 'all') query.where('petitions.lang', scope.lang)
  if (scope.exceptLang) query.whereNot('petitions.lang', scope.exceptLang)
  if (scope.status === 'open') whereOpen(query, now)
  if (scope.status === 'closed') whereClosed(query, now)
  if (scope.status === 'successful')
    query.whereRaw('petitions.support_count >= petitions.target_signatures')
  if (scope.status === 'victory') query.whereNotNull('petitions.victory_at')
  if (scope.status === 'awaiting') query.whereNotNull('petitions.awaiting_answer_since')
  if (words.length > 0) whereMatches(query, words, scope)
  else if (hasFacets(scope)) whereFacets(query, scope)
  return query
}

/** How many petitions the list holds, from the search index where it can answer alone. */
export function totalOf(scope: ListScope, now: string) {
  return answeredByTheIndex(scope) ? indexTotal(scope) : countOf(filtered(scope, now))
}

export function orderByNewest(query: PetitionQuery) {
  return query.orderBy('petitions.created_at', 'desc').orderBy('petitions.id', 'desc')
}
