import type { HttpContext } from '@adonisjs/core/http'
import type { SimplePaginatorContract } from '@adonisjs/lucid/types/querybuilder'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Petition from '#models/petition'
import { site } from '#config/site'
import { localeOf } from '#app/i18n/locales'
import { requestedPage } from '#shared/pagination'
import { LIST_PARAMETERS, listFilters, listQueryString } from '#shared/petitions/list_filters'
import { OPEN_DATA_PAGE, publicPetitions } from '#services/petitions/listing/petition_list'
import {
  openPetition,
  openPetitionsCsv,
  publishedPetition,
  type OpenPetition,
} from '#services/petitions/open_data'
import { historyCsv, petitionHistory } from '#services/petitions/history'
import {
  signaturesByCountry,
  signaturesByCountryOf,
} from '#services/petitions/signatures_by_country'
import { namedCountryCounts } from '#shared/petitions/country_counts'
import { standingOf } from '#services/decision_makers/standing'
import { openPetitionData } from '#services/petitions/open_petition'
import { notCountedOf, removedOf } from '#services/petitions/not_counted'
import NotFoundException from '#exceptions/not_found_exception'

type Links = { self: string; first: string; prev: string | null; next: string | null; last: string }

/**
 * Listed petitions and single petitions as JSON and CSV, for anyone to
 * reuse: what the public pages show, never an e-mail or a signer.
 */
export default class OpenDataController {
  /** GET /petitions.json: a page of 50 listed petitions, filtered and sorted as the list is. */
  async index(ctx: HttpContext) {
    const { petitions, paginator, links } = await this.#page(ctx, 'open_data.index')
    const body = JSON.stringify({
      data: petitions,
      meta: {
        total: paginator.total,
        perPage: paginator.perPage,
        currentPage: paginator.currentPage,
        lastPage: paginator.lastPage,
      },
      links,
    })
    return this.#send(ctx.response, body, 'application/json; charset=utf-8')
  }

  /** GET /petitions.csv: the same page as a spreadsheet; the other pages are in its Link header. */
  async csv(ctx: HttpContext) {
    const { petitions, links } = await this.#page(ctx, 'open_data.csv')
    const relations = (['first', 'prev', 'next', 'last'] as const).flatMap((rel) =>
      links[rel] ? [`<${links[rel]}>; rel="${rel}"`] : []
    )
    ctx.response.header('Link', relations.join(', '))
    ctx.response.header('Content-Disposition', 'inline; filename="petitions.csv"')
    return this.#send(ctx.response, openPetitionsCsv(petitions), 'text/csv; charset=utf-8')
  }

  /** GET /petition/{slug}.json: what the petition's page shows, as data. */
  async petition({ params, response, i18n }: HttpContext) {
    const petition = await this.#published(params.slug)
    const locale = localeOf(i18n)
    const deletedOwnerName = i18n.t('page.account.deleted_user')
    const reader = { siteUrl: site.urlFor(locale), locale, deletedOwnerName }
    const body = JSON.stringify(await openPetitionData(petition, reader))
    return this.#send(response, body, 'application/json; charset=utf-8')
  }

  /**
   * GET /petition/{slug}/countries.json: only its counts by country, named
   * in the reader's language (what the map on its page draws).
   */
  async countries({ params, response, i18n }: HttpContext) {
    const petition = await this.#published(params.slug)
    const counts = await signaturesByCountry(petition.id)
    const body = JSON.stringify({ data: namedCountryCounts(counts, localeOf(i18n)) })
    return this.#send(response, body, 'application/json; charset=utf-8')
  }

  /** GET /petition/{slug}/history.json: how the petition grew, per hour, then per day. */
  async history({ params, response }: HttpContext) {
    const petition = await this.#published(params.slug)
    const body = JSON.stringify({ data: await petitionHistory(petition) })
    return this.#send(response, body, 'application/json; charset=utf-8')
  }

  /** GET /petition/{slug}/history.csv: the same history as a spreadsheet. */
  async historyCsv({ params, response }: HttpContext) {
    const petition = await this.#published(params.slug)
    response.header('Content-Disposition', `inline; filename="${petition.slug}-history.csv"`)
    return this.#send(
      response,
      historyCsv(await petitionHistory(petition)),
      'text/csv; charset=utf-8'
    )
  }

  /** The public petition of the slug: a draft, a hidden one or none is not found. */
  async #published(slug: string) {
    const petition = await publishedPetition(slug)
    if (!petition) throw new NotFoundException()
    return petition
  }

  /** The page asked for, and links to the others that keep its filters, on the reader's language site. */
  async #page({ request, i18n }: HttpContext, route: 'open_data.index' | 'open_data.csv') {
    const locale = localeOf(i18n)
    const filters = listFilters(request.only([...LIST_PARAMETERS]))
    const paginator = await publicPetitions(filters, requestedPage(request.input('page')), {
      shape: OPEN_DATA_PAGE,
      firstLang: locale,
    })
    const siteUrl = site.urlFor(locale)
    const query = listQueryString(filters)
    const urlOf = (page: number) =>
      siteUrl + urlFor(route, {}, { qs: page > 1 ? { ...query, page } : query })
    const lastPage = Math.max(1, paginator.lastPage)
    const links: Links = {
      self: urlOf(paginator.currentPage),
      first: urlOf(1),
      prev: paginator.currentPage > 1 ? urlOf(Math.min(paginator.currentPage - 1, lastPage)) : null,
      next: paginator.currentPage < lastPage ? urlOf(paginator.currentPage + 1) : null,
      last: urlOf(lastPage),
    }
    const deletedOwnerName = i18n.t('page.account.deleted_user')
    const rows = (paginator as SimplePaginatorContract<Petition>).all()
    // The page's counts by country in one query, its recipients in a few.
    const ids = rows.map((petition) => petition.id)
    const [countries, standing, removed] = await Promise.all([
      signaturesByCountryOf(ids),
      standingOf(ids),
      removedOf(ids),
    ])
    const petitions: OpenPetition[] = rows.map((petition) =>
      openPetition(
        petition,
        siteUrl,
        deletedOwnerName,
        namedCountryCounts(countries.get(petition.id) ?? [], locale),
        standing.get(petition.id) ?? [],
        notCountedOf(petition, removed.get(petition.id))
      )
    )
    return { petitions, paginator, links }
  }

  /** The body, or 304 when the reader's copy (by its ETag) is still the same. */
  #send(response: HttpContext['response'], body: string, contentType: string) {
    response.header('Content-Type', contentType)
    response.setEtag(body)
    if (response.fresh()) return response.notModified()
    return response.send(body)
  }
}
