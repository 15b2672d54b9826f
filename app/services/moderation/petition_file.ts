import Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { openSigningAlerts, pendingPaperCount } from '#services/moderation/queue'
import { paperBatchesOf } from '#services/petitions/paper_signatures'
import {
  signaturesByCountry,
  siteSignaturesByCountry,
} from '#services/petitions/signatures_by_country'
import { countryShares } from '#shared/petitions/country_counts'

/**
 * Everything moderators know of one petition, whether it is in the queue
 * or not: the petition with its owner, every report (open and resolved),
 * its whole audit trail, oldest first, its open alerts of unusual signing,
 * its batches of paper signatures (newest first),
 * and its countries with their shares,
 * those far above their share of the rest of the site flagged. Null for an
 * unknown id.
 */
export async function moderatedPetition(id: number) {
  const petition = await Petition.query()
    .where('id', id)
    .select('petitions.*')
    .select(pendingPaperCount())
    .preload('user')
    .first()
  if (!petition) return null
  const [reports, trail, alerts, countries, site, paperBatches] = await Promise.all([
    PetitionReport.query().where('petition_id', id).orderBy('id'),
    trailOfPetition(id),
    openSigningAlerts([id]),
    signaturesByCountry(id),
    siteSignaturesByCountry(),
    paperBatchesOf(id),
  ])
  return {
    petition,
    reports,
    trail,
    alerts,
    countries: countryShares(countries, site),
    paperBatches,
  }
}
