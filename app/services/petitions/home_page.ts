import type { Locale } from '#app/i18n/locales'
import {
  nearbyPetitions,
  successfulPetitions,
  trendingPetitions,
  victoriousPetitions,
} from '#services/petitions/listing/petition_list'
import { confirmedSignaturesTotal } from '#services/petitions/signatures_total'

/**
 * What the home page lists: successful petitions, victories, those gaining
 * signatures now, the site's signatures in all, and open petitions near the
 * readers of the site's language.
 */
export async function loadHomePage(locale: Locale) {
  const [successful, victories, trending, signaturesTotal, nearby] = await Promise.all([
    successfulPetitions(),
    victoriousPetitions(),
    trendingPetitions(),
    confirmedSignaturesTotal(),
    nearbyPetitions(locale),
  ])
  return { successful, victories, trending, signaturesTotal, nearby }
}
