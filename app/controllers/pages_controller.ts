import type { HttpContext } from '@adonisjs/core/http'
import { site } from '#services/site_service'

/** The static pages of spec 2.8–2.11. */
export default class PagesController {
  async home({ inertia }: HttpContext) {
    // Petitions arrive with the authoring issue; until then none is successful.
    return inertia.render('Home/Main', { successfulPetitions: [] })
  }

  async faq({ inertia }: HttpContext) {
    return inertia.render('Faq/index', { contactEmail: site.contactEmail })
  }

  async privacyPolicy({ inertia }: HttpContext) {
    return inertia.render('PrivacyPolicy/index', { contactEmail: site.contactEmail })
  }

  async test({ inertia }: HttpContext) {
    return inertia.render('Test/index', {})
  }
}
