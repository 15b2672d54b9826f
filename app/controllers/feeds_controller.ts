import type { HttpContext } from '@adonisjs/core/http'
import { isCountryCode } from '#shared/countries'
import { isPetitionTopic } from '#shared/petitions/topics'
import { atomFeed, feedTexts, newestPetitions, type FeedSubject } from '#services/petitions/feeds'
import { feedPageProps } from '#presenters/site_presenters'
import { site } from '#config/site'
import { localeOf } from '#app/i18n/locales'
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

  /**
   * The feed for feed readers; for a browser that opens its link (it asks
   * for HTML first), a page that says what a feed is and how to follow it,
   * with the same entries.
   */
  async #feed({ request, response, i18n, inertia }: HttpContext, subject: FeedSubject) {
    const petitions = await newestPetitions(subject)
    if (request.accepts(['application/atom+xml', 'html']) === 'html') {
      const texts = feedTexts(subject, i18n)
      const props = feedPageProps(texts, site.urlFor(localeOf(i18n)), petitions)
      const page = await inertia.render('Feeds/Show', props)
      // One address, two answers: a cache must keep them apart by what was asked for.
      response.append('Vary', 'Accept')
      return page
    }
    response.header('Vary', 'Accept')
    const body = atomFeed(subject, petitions, i18n)
    response.header('Content-Type', 'application/atom+xml; charset=utf-8')
    // As open data: the reader's copy is answered 304 while the feed is the same.
    response.setEtag(body)
    if (response.fresh()) return response.notModified()
    return response.send(body)
  }
}
