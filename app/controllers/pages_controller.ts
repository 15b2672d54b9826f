import type { HttpContext } from '@adonisjs/core/http'
import { loadHomePage } from '#services/petitions/home_page'
import { homeProps } from '#presenters/home_presenter'
import { staticPageProps } from '#presenters/site_presenters'
import { localeOf } from '#app/i18n/locales'

/** The home page and the static pages: FAQ, privacy policy. */
export default class PagesController {
  async home({ inertia, i18n }: HttpContext) {
    const locale = localeOf(i18n)
    const home = await loadHomePage(locale)
    return inertia.render('Home/Main', homeProps(home, locale, i18n))
  }

  async faq({ inertia }: HttpContext) {
    return inertia.render('Faq/index', staticPageProps())
  }

  async privacyPolicy({ inertia }: HttpContext) {
    return inertia.render('PrivacyPolicy/index', staticPageProps())
  }

  async test({ inertia }: HttpContext) {
    return inertia.render('Test/index', {})
  }
}
