import type { HttpContext } from '@adonisjs/core/http'
import { site } from '#services/site_service'
import { successfulPetitions } from '#services/petition_listing_service'
import { petitionCard } from '#transformers/petition_card_transformer'
import type { HomeProps } from '#app/types/props'

/** The static pages of spec 2.8–2.11. */
export default class PagesController {
  async home({ inertia }: HttpContext) {
    const petitions = await successfulPetitions()
    const props: HomeProps = { successfulPetitions: petitions.map(petitionCard) }
    return inertia.render('Home/Main', props)
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
