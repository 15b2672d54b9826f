import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { site } from '#config/site'
import { sitemapFile, sitemapRoot } from '#services/seo/sitemap'
import { localeOf } from '#app/i18n/locales'

/** Search engines read these often: an hour's cache is fresh enough for new petitions. */
const CACHE = 'public, max-age=3600'

/**
 * Pages no search engine should list: a member's own pages, petition
 * forms and owners' tables, mailed links, sign-in and developer pages.
 */
const PRIVATE_PATHS = [
  '/my/',
  '/petition/create',
  '/petition/*/edit',
  '/petition/*/signatures',
  '/signature/',
  '/subscription/',
  '/account/',
  '/auth/',
  '/login',
  '/signup',
  '/logout',
  '/translate/',
  '/dev/',
]

export default class SeoController {
  /** GET /robots.txt, on each language's site, pointing at its sitemap. */
  async robots({ response, i18n }: HttpContext) {
    const lines = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${site.urlFor(localeOf(i18n))}${urlFor('seo.sitemap')}`,
    ]
    response.header('content-type', 'text/plain; charset=utf-8').header('cache-control', CACHE)
    return lines.join('\n') + '\n'
  }

  /** GET /sitemap.xml: the pages themselves, or the index of the files past 50,000 URLs. */
  async sitemap({ response }: HttpContext) {
    const xml = await sitemapRoot()
    response.header('content-type', 'application/xml; charset=utf-8').header('cache-control', CACHE)
    return xml
  }

  /** GET /sitemap/{number}: one file of a split sitemap. */
  async sitemapPart({ response, params }: HttpContext) {
    const xml = await sitemapFile(Number(params.number))
    if (xml === null) return response.notFound('Not found')
    response.header('content-type', 'application/xml; charset=utf-8').header('cache-control', CACHE)
    return xml
  }
}
