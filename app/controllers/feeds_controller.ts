import type { HttpContext } from '@adonisjs/core/http'
import { isCountryCode } from '#shared/countries'
import { isPetitionTopic } from '#shared/petitions/topics'
import { atomFeed, newestPetitions, type FeedSubject } from '#services/petitions/feeds'
import NotFoundException from '#exceptions/not_found_exception'

/** Atom feeds of the newest listed petitions of a topic or a country, in every language. */
export default class FeedsController {
  /** GET /petitions/topics/{topic}.atom */
  async topic(ctx: HttpContext) {
    const topic: unknown = ctx.params.topic
    // The route's matcher lets only known topics through; this keeps a 404 if it ever changes.
    if (!isPetitionTopic(topic)) throw new NotFoundException()
    return this.#feed(ctx, { topic })
  }

  /** GET /petitions/countries/{country}.atom (the code in either case) */
  async country(ctx: HttpContext) {
    const country = String(ctx.params.country ?? '').toUpperCase()
    if (!isCountryCode(country)) throw new NotFoundException()
    return this.#feed(ctx, { country })
  }

  async #feed({ response, i18n }: HttpContext, subject: FeedSubject) {
    const body = atomFeed(subject, await newestPetitions(subject), i18n)
    response.header('Content-Type', 'application/atom+xml; charset=utf-8')
    // As open data: the reader's copy is answered 304 while the feed is the same.
    response.setEtag(body)
    if (response.fresh()) return response.notModified()
    return response.send(body)
  }
}
