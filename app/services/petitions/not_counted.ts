import db from '@adonisjs/lucid/services/db'
import type Petition from '#models/petition'
import type { NotCounted } from '#shared/petitions/not_counted'

/** What the counters do not hold: moderators' removals and rejected paper, per petition. */
type Removed = Pick<NotCounted, 'removedByModerators' | 'paperRejected'>

const NONE: Removed = { removedByModerators: 0, paperRejected: 0 }

/**
 * The signatures moderators took out of the petitions' counts and the
 * paper signatures they rejected, for a page of petitions at once: two
 * grouped queries over the few rows of their invalidations and batches (by
 * each table's petition index), never over signatures.
 */
export async function removedOf(petitionIds: number[]): Promise<Map<number, Removed>> {
  const removed = new Map<number, Removed>(petitionIds.map((id) => [id, { ...NONE }]))
  if (petitionIds.length === 0) return removed
  const [invalidations, batches] = await Promise.all([
    db
      .from('signature_invalidations')
      .whereIn('petition_id', petitionIds)
      .whereNull('undone_at')
      .groupBy('petition_id')
      .select('petition_id', db.raw('SUM(support_removed + oppose_removed) AS total')),
    db
      .from('paper_signature_batches')
      .whereIn('petition_id', petitionIds)
      .where('status', 'rejected')
      .groupBy('petition_id')
      .select('petition_id', db.raw('SUM(signatures) AS total')),
  ])
  for (const row of invalidations) {
    removed.get(Number(row.petition_id))!.removedByModerators = Number(row.total)
  }
  for (const row of batches) removed.get(Number(row.petition_id))!.paperRejected = Number(row.total)
  return removed
}

/** A petition's signatures that do not count, from its counters and the `removedOf` sums. */
export function notCountedOf(
  petition: Pick<Petition, 'stoppedCount' | 'deactivatedCount'>,
  removed: Removed = NONE
): NotCounted {
  return {
    removedByModerators: removed.removedByModerators,
    stoppedByRules: petition.stoppedCount,
    deactivatedByOwner: petition.deactivatedCount,
    paperRejected: removed.paperRejected,
  }
}
