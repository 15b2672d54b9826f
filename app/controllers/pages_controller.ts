import type { HttpContext } from '@adonisjs/core/http'
import { site } from '#config/site'
import {
  nearbyPetitions,
  successfulPetitions,
  trendingPetitions,
  victoriousPetitions,
} from '#services/petitions/listing/petition_list'
import { confirmedSignaturesTotal } from '#services/petitions/signatures_total'
import PetitionCardTransformer from '#transformers/petition_card_transformer'
import TrendingPetitionTransformer from '#transformers/trending_petition_transformer'
import { localeOf, type Locale } from '#app/i18n/locales'
import { countryName } from '#shared/countries'
import { COUNTRIES_OF_LANGUAGE } from '#shared/petitions/topics'

/** Countries named in full on the home page; past this, the first few and how many more. */
const COUNTRIES_NAMED = 6

/**
 * The countries of a site's language, named as a list in that language
 * ("Spain, Mexico, … and 14 other countries"): short enough for a subtitle.
 */
function countriesOf(locale: Locale, i18n: HttpContext['i18n']) {
  const names = COUNTRIES_OF_LANGUAGE[locale].map((code) => countryName(code, locale))
  const shown =
    names.length <= COUNTRIES_NAMED
      ? names
      : [
          ...names.slice(0, COUNTRIES_NAMED - 1),
          i18n.t('page.home.nearby_more', { count: names.length - COUNTRIES_NAMED + 1 }),
        ]
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(shown)
}

/** The home page and the static pages: FAQ, privacy policy. */
export default class PagesController {
  async home({ inertia, i18n }: HttpContext) {
    const locale = localeOf(i18n)
    const [successful, victories, trending, signaturesTotal, nearby] = await Promise.all([
      successfulPetitions(),
      victoriousPetitions(),
      trendingPetitions(),
      confirmedSignaturesTotal(),
      nearbyPetitions(locale),
    ])
    const deletedOwnerName = i18n.t('page.account.deleted_user')
    return inertia.render('Home/Main', {
      successfulPetitions: PetitionCardTransformer.transform(successful, deletedOwnerName),
      victories: PetitionCardTransformer.transform(victories, deletedOwnerName),
      trendingPetitions: trending.map(({ petition, recent }) =>
        new TrendingPetitionTransformer(petition, recent).toObject()
      ),
      signaturesTotal,
      // Open petitions for the countries of the site's language first, then from anywhere.
      nearbyPetitions: PetitionCardTransformer.transform(nearby, deletedOwnerName),
      nearbyCountries: countriesOf(locale, i18n),
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
