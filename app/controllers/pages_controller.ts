import type { HttpContext } from '@adonisjs/core/http'
import { site } from '#config/site'
import {
  successfulPetitions,
  trendingPetitions,
  victoriousPetitions,
} from '#services/petitions/listing/petition_list'
import { confirmedSignaturesTotal } from '#services/petitions/signatures_total'
import PetitionCardTransformer from '#transformers/petition_card_transformer'
import TrendingPetitionTransformer from '#transformers/trending_petition_transformer'

/** The home page and the static pages: FAQ, privacy policy. */
export default class PagesController {
  async home({ inertia, i18n }: HttpContext) {
    const [successful, victories, trending, signaturesTotal] = await Promise.all([
      successfulPetitions(),
      victoriousPetitions(),
      trendingPetitions(),
      confirmedSignaturesTotal(),
    ])
    const deletedOwnerName = i18n.t('page.account.deleted_user')
    return inertia.render('Home/Main', {
      successfulPetitions: PetitionCardTransformer.transform(successful, deletedOwnerName),
      victories: PetitionCardTransformer.transform(victories, deletedOwnerName),
      trendingPetitions: trending.map(({ petition, recent }) =>
        new TrendingPetitionTransformer(petition, recent).toObject()
      ),
      signaturesTotal,
    })
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
