import type { I18n } from '@adonisjs/i18n'
import type Petition from '#models/petition'
import type { Locale } from '#app/i18n/locales'
import { countryName } from '#shared/countries'
import { COUNTRIES_OF_LANGUAGE } from '#shared/petitions/topics'
import PetitionCardTransformer from '#transformers/petition_card_transformer'
import TrendingPetitionTransformer from '#transformers/trending_petition_transformer'

/** Countries named in full on the home page; past this, the first few and how many more. */
const COUNTRIES_NAMED = 6

/**
 * The countries of a site's language, named as a list in that language
 * ("Spain, Mexico, … and 14 other countries"): short enough for a subtitle.
 */
function countriesOf(locale: Locale, i18n: I18n) {
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

/** Home/Main: the lists `loadHomePage` read, in the reader's language. */
export function homeProps(
  home: {
    successful: Petition[]
    victories: Petition[]
    trending: Array<{ petition: Petition; recent: number }>
    signaturesTotal: number
    nearby: Petition[]
  },
  locale: Locale,
  i18n: I18n
) {
  const deletedOwnerName = i18n.t('page.account.deleted_user')
  return {
    successfulPetitions: PetitionCardTransformer.transform(home.successful, deletedOwnerName),
    victories: PetitionCardTransformer.transform(home.victories, deletedOwnerName),
    trendingPetitions: home.trending.map(({ petition, recent }) =>
      new TrendingPetitionTransformer(petition, recent).toObject()
    ),
    signaturesTotal: home.signaturesTotal,
    // Open petitions for the countries of the site's language first, then from anywhere.
    nearbyPetitions: PetitionCardTransformer.transform(home.nearby, deletedOwnerName),
    nearbyCountries: countriesOf(locale, i18n),
  }
}
