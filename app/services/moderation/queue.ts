import db from '@adonisjs/lucid/services/db'
import Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import ModerationEvent from '#models/moderation_event'
import { wherePublic } from '#services/petitions/visibility'

export const QUEUE_PER_PAGE = 20

/** What the queue shows: petitions to review, or those hidden (to restore). */
export type QueueView = 'review' | 'hidden'

/**
 * The moderators' queue, oldest first:
 * - review: published petitions with open reports, and those never
 *   reviewed (new), by the first open report or the creation date;
 * - hidden: petitions hidden by moderators, by when they were hidden.
 */
export async function moderationQueue(view: QueueView, page: number) {
  const query = Petition.query().preload('user')
  if (view === 'hidden') {
    query.whereNotNull('hidden_at').orderBy('hidden_at', 'asc').orderBy('id', 'asc')
  } else {
    wherePublic(query)
      .where((attention) =>
        attention
          .whereNull('reviewed_at')
          .orWhereExists((reports) =>
            reports
              .from('petition_reports')
              .whereColumn('petition_reports.petition_id', 'petitions.id')
              .whereNull('petition_reports.resolved_at')
          )
      )
      .select('petitions.*')
      // Since when it waits: its first open report, or its creation when it is new.
      .select(
        db.raw(`COALESCE((SELECT MIN(petition_reports.created_at) FROM petition_reports
          WHERE petition_reports.petition_id = petitions.id
          AND petition_reports.resolved_at IS NULL), petitions.created_at) AS attention_since`)
      )
      .orderBy('attention_since', 'asc')
      .orderBy('petitions.id', 'asc')
  }
  const petitions = await query.paginate(page, QUEUE_PER_PAGE)
  const ids = petitions.all().map((petition) => petition.id)
  const [reports, trail] = await Promise.all([
    ids.length === 0
      ? []
      : PetitionReport.query().whereIn('petition_id', ids).whereNull('resolved_at').orderBy('id'),
    ids.length === 0 ? [] : ModerationEvent.query().whereIn('petition_id', ids).orderBy('id'),
  ])
  return { petitions, reports, trail }
}
