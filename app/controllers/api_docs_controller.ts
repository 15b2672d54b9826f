import type { HttpContext } from '@adonisjs/core/http'
import { apiDocument } from '#openapi/document'
import { site } from '#config/site'
import { localeOf, type Locale } from '#app/i18n/locales'

/** Each language site's copy of the document as JSON text, made once per process. */
const documents = new Map<Locale, string>()

function documentJson(locale: Locale) {
  let json = documents.get(locale)
  if (!json) {
    json = JSON.stringify(apiDocument(site.urlFor(locale)))
    documents.set(locale, json)
  }
  return json
}

/** The API's contract (OpenAPI 3.1) and the page that renders it. */
export default class ApiDocsController {
  /** GET /api/openapi.json: the document, whose server is the site asked. */
  async document({ response, i18n }: HttpContext) {
    const body = documentJson(localeOf(i18n))
    response.header('Content-Type', 'application/json; charset=utf-8')
    response.setEtag(body)
    if (response.fresh()) return response.notModified()
    return response.send(body)
  }

  /** GET /api/docs: the document rendered in the site's layout (the renderer loads in the browser). */
  async show({ inertia }: HttpContext) {
    return inertia.render('Api/Docs', {})
  }
}
