import type Petition from '#models/petition'
import type { Locale } from '#app/i18n/locales'
import { namedCountryCounts } from '#shared/petitions/country_counts'
import { openPetition } from '#services/petitions/open_data'
import { signaturesByCountry } from '#services/petitions/signatures_by_country'
import { petitionStanding } from '#services/decision_makers/standing'
import { publicInvalidations } from '#services/fraud/invalidation'
import { notCountedOf, removedOf } from '#services/petitions/not_counted'

/**
 * One published petition's open data, for a reader on the `siteUrl`
 * language site: what its page shows, its moderators' removals in the open
 * (dates, reasons and counts, never a signer), and how many of its decision
 * makers' answers moderators removed (why is in their log, not here).
 */
export async function openPetitionData(
  petition: Petition,
  reader: { siteUrl: string; locale: Locale; deletedOwnerName: string }
) {
  const [counts, standing, invalidations, removed] = await Promise.all([
    signaturesByCountry(petition.id),
    petitionStanding(petition.id),
    publicInvalidations(petition.id),
    removedOf([petition.id]),
  ])
  return {
    ...openPetition(
      petition,
      reader.siteUrl,
      reader.deletedOwnerName,
      namedCountryCounts(counts, reader.locale),
      standing,
      notCountedOf(petition, removed.get(petition.id))
    ),
    invalidations,
    answersRemovedByModerators: petition.answersRemoved,
  }
}
