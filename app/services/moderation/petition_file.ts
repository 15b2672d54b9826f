import Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import { trailOfPetition } from '#services/moderation/audit_trail'

/**
 * Everything moderators know of one petition, whether it is in the queue
 * or not: the petition with its owner, every report (open and resolved)
 * and its whole audit trail, oldest first. Null for an unknown id.
 */
export async function moderatedPetition(id: number) {
  const petition = await Petition.query().where('id', id).preload('user').first()
  if (!petition) return null
  const [reports, trail] = await Promise.all([
    PetitionReport.query().where('petition_id', id).orderBy('id'),
    trailOfPetition(id),
  ])
  return { petition, reports, trail }
}
