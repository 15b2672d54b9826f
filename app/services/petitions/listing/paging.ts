import { SimplePaginator } from '@adonisjs/lucid/database'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Petition from '#models/petition'
import type { Locale } from '#app/i18n/locales'
import db from '@adonisjs/lucid/services/db'
import { LIST_COUNT_CAP, type ListFilters } from '#shared/petitions/list_filters'

export type PetitionQuery = ModelQueryBuilderContract<typeof Petition>

/**
 * The petitions a list reads: its filters, and for the part of a list in
 * every language that comes after the visitor's own, that language left out.
 */
/**
 * A list as asked: its filters, the language it leaves out when it lists
 * the others after the visitor's, and the language its search words are
 * read in (their stems): the visitor's, English where a list has no visitor.
 */
export type ListScope = ListFilters & { exceptLang?: Locale; wordsLang?: Locale }

/** How a page of the list is read: its size, and the columns and relations of its rows. */
export type ListPage = { perPage: number; read: (query: PetitionQuery) => PetitionQuery }

/**
 * How many petitions a list query holds, counted up to LIST_COUNT_CAP + 1:
 * past the cap a list says "more than 1,000", so no count reads more rows.
 */
export async function countOf(query: PetitionQuery) {
  const upToCap = query
    .clearOrder()
    .select('petitions.id')
    .limit(LIST_COUNT_CAP + 1)
    .as('capped')
  const [row] = await db.from(upToCap).count('* as total')
  return Number(row?.total ?? 0)
}

/** Petitions of `from` read by id, in the order of `ids`. */
export async function readByIds(ids: number[], read: ListPage['read'], from = Petition.query()) {
  if (ids.length === 0) return []
  const found = await read(from).whereIn('petitions.id', ids)
  return ids.flatMap((id) => found.filter((row) => row.id === id))
}

/**
 * A slice of a list query: the ids first, in its order (read from an index
 * alone where one covers the filters and the order, the long rows never
 * touched), then the slice's rows with the page's columns.
 */
export async function sliceByIds(
  query: PetitionQuery,
  offset: number,
  limit: number,
  read: ListPage['read']
) {
  const rows = await query
    .select('petitions.id')
    .offset(offset)
    .limit(limit)
    .pojo<{ id: number | string }>()
  return readByIds(
    rows.map((row) => Number(row.id)),
    read
  )
}

/** A part of a ranked list: how many it holds, and a slice of it in its order. */
export type ListPart = {
  total: number
  slice: (offset: number, limit: number) => Promise<Petition[]>
}

/**
 * A page of a list made of parts one after another (a ranked head, then
 * the rest newest first; or a search's tiers): each part is read only
 * where the page crosses it, through its own index or the search index,
 * so that nothing sorts the whole list.
 */
export async function pageOfParts(parts: ListPart[], page: number, perPage: number) {
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
  // Parts count up to the cap each; the list says "more than" past it too.
  const total = Math.min(
    LIST_COUNT_CAP + 1,
    parts.reduce((sum, part) => sum + part.total, 0)
  )
  return new SimplePaginator(total, perPage, page, ...rows)
}

/** A list ranked in two parts, `head` then `rest`, each a query in its order. */
export async function twoParts(
  head: () => PetitionQuery,
  rest: () => PetitionQuery,
  read: ListPage['read']
): Promise<ListPart[]> {
  const [headTotal, restTotal] = await Promise.all([countOf(head()), countOf(rest())])
  const part = (query: () => PetitionQuery, total: number): ListPart => ({
    total,
    slice: (offset, limit) => sliceByIds(query(), offset, limit, read),
  })
  return [part(head, headTotal), part(rest, restTotal)]
}
