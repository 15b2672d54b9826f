import type { HttpContext } from '@adonisjs/core/http'
import { site } from '#services/http/site'
import { localeOf } from '#app/i18n/locales'
import { openPetition, publishedPetition } from '#services/petitions/open_data'
import NotFoundException from '#exceptions/not_found_exception'

/** Listed petitions and single petitions as JSON and CSV, for anyone to reuse. */
export default class OpenDataController {
  /** GET /petition/{slug}.json: what the petition's page shows, as data. */
  async petition({ params, response, i18n }: HttpContext) {
    const petition = await publishedPetition(params.slug)
    if (!petition) throw new NotFoundException()
    const body = JSON.stringify(
      openPetition(petition, site.urlFor(localeOf(i18n)), i18n.t('page.account.deleted_user'))
    )
    return this.#send(response, body, 'application/json; charset=utf-8')
  }

  /** The body, or 304 when the reader's copy (by its ETag) is still the same. */
  #send(response: HttpContext['response'], body: string, contentType: string) {
    response.header('Content-Type', contentType)
    response.setEtag(body)
    if (response.fresh()) return response.notModified()
    return response.send(body)
  }
}
