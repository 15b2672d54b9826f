import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import { localeOf } from '#app/i18n/locales'
import { petitionUrl, publishedPetition, qrCodeSvg } from '#services/petitions/sharing'
import { embedWidget } from '#services/petitions/embed_widget'
import { posterProps } from '#presenters/petition_presenters'
import { POSTER_SOURCE, withSource } from '#shared/signature_sources'

/**
 * The widget is shown inside other sites' pages, so it alone may be framed
 * by anyone. It runs no script and loads nothing, and its form-less page
 * can post nowhere.
 */
const EMBED_CSP = [
  `default-src 'none'`,
  `style-src 'unsafe-inline'`,
  `frame-ancestors *`,
  `base-uri 'none'`,
  `form-action 'none'`,
].join('; ')

/** Counts in the widget may lag a minute: a popular blog's readers are served by caches. */
const EMBED_CACHE = 'public, max-age=60'

/** A petition's code changes only with the site's address: a day in any cache. */
const QR_CACHE = 'public, max-age=86400'

/** Ways to spread a published petition: a widget for other sites, its QR code and a poster. */
export default class PetitionSharingController {
  /** GET /petition/{slug}/embed: a small standalone page for other sites' iframes. */
  async embed({ params, response, i18n, view }: HttpContext) {
    const petition = await publishedPetition(params.slug)
    if (!petition) throw new NotFoundException()
    const widget = embedWidget(petition, localeOf(i18n), (key, values) => i18n.t(key, values))
    const html = await view.render('petition/embed', widget)
    response.removeHeader('X-Frame-Options')
    response
      .header('Content-Security-Policy', EMBED_CSP)
      .header('Cache-Control', EMBED_CACHE)
      .header('Content-Type', 'text/html; charset=utf-8')
    return html
  }

  /**
   * GET /petition/{slug}/qr.svg: the QR code of the petition's address on
   * this language's site, with the poster's code (printed, it is scanned
   * from posters and flyers). The address written under it stays plain.
   */
  async qr({ params, response, i18n }: HttpContext) {
    const petition = await publishedPetition(params.slug)
    if (!petition) throw new NotFoundException()
    const address = withSource(petitionUrl(petition.slug, localeOf(i18n)), POSTER_SOURCE)
    const svg = await qrCodeSvg(address)
    response
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', QR_CACHE)
    return svg
  }

  /** Petition/Poster: a printable A4 page with the title, the goal, the QR code and the address. */
  async poster({ params, inertia }: HttpContext) {
    const petition = await publishedPetition(params.slug)
    if (!petition) throw new NotFoundException()
    return inertia.render('Petition/Poster', posterProps(petition))
  }
}
