import db from '@adonisjs/lucid/services/db'
import Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import ModerationEvent from '#models/moderation_event'
import SigningAlert from '#models/signing_alert'
import { wherePublic } from '#support/petition_visibility'

export const QUEUE_PER_PAGE = 20

/** What the queue shows: petitions to review, or those hidden (to restore). */
export type QueueView = 'review' | 'hidden'

/** Open reports of the petition of the row (a correlated subquery's condition). */
const OPEN_REPORTS = `FROM petition_reports WHERE petition_reports.petition_id = petitions.id
  AND petition_reports.resolved_at IS NULL`

/** Open alerts of unusual signing of the petition of the row. */
const OPEN_ALERTS = `FROM signing_alerts WHERE signing_alerts.petition_id = petitions.id
  AND signing_alerts.resolved_at IS NULL`

/** Paper signatures of the petition of the row that wait for a moderator's verification. */
export const PENDING_PAPER = `FROM paper_signature_batches
  WHERE paper_signature_batches.petition_id = petitions.id
  AND paper_signature_batches.status = 'pending'`

/** How many batches of paper signatures of the row's petition wait: `$extras.pending_paper_batches`. */
export function pendingPaperCount() {
  return db.raw(`(SELECT COUNT(*) ${PENDING_PAPER}) AS pending_paper_batches`)
}

/**
 * The moderators' queue:
 * - review: published petitions with an open alert of unusual signing
 *   (first: an attack is going on), then those with open reports (however
 *   old), then those with paper signatures to verify, then hidden petitions whose owner asked for a review, then those never
 *   reviewed (new); oldest first within each, by the first open report,
 *   the first open alert or report, the first batch, the request or the
 *   creation date;
 * - hidden: petitions hidden by moderators, by when they were hidden.
 */
export async function moderationQueue(view: QueueView, page: number) {
  const query = Petition.query().preload('user')
  if (view === 'hidden') {
    query.whereNotNull('hidden_at').orderBy('hidden_at', 'asc').orderBy('id', 'asc')
  } else {
    query
      .where((waiting) =>
        waiting
          .where((visible) =>
            wherePublic(visible).where((attention) =>
              attention
                .whereNull('petitions.reviewed_at')
                .orWhereRaw(`EXISTS (SELECT 1 ${OPEN_REPORTS})`)
                .orWhereRaw(`EXISTS (SELECT 1 ${OPEN_ALERTS})`)
                .orWhereRaw(`EXISTS (SELECT 1 ${PENDING_PAPER})`)
            )
          )
          .orWhere((review) =>
            review.whereNotNull('petitions.hidden_at').whereNotNull('petitions.review_requested_at')
          )
      )
      .select('petitions.*')
      // Why it waits, in the queue's order: unusual signing, reported, paper to verify, review requested, new.
      .select(
        db.raw(`CASE WHEN EXISTS (SELECT 1 ${OPEN_ALERTS}) THEN 0
          WHEN EXISTS (SELECT 1 ${OPEN_REPORTS}) THEN 1
          WHEN EXISTS (SELECT 1 ${PENDING_PAPER}) THEN 2
          WHEN petitions.review_requested_at IS NOT NULL THEN 3 ELSE 4 END AS attention_rank`)
      )
      // Since when it waits: its first open alert or report, its first batch, the request, or its creation when it is new.
      .select(
        db.raw(`COALESCE((SELECT MIN(signing_alerts.created_at) ${OPEN_ALERTS}),
          (SELECT MIN(petition_reports.created_at) ${OPEN_REPORTS}),
          (SELECT MIN(paper_signature_batches.created_at) ${PENDING_PAPER}),
          petitions.review_requested_at, petitions.created_at) AS attention_since`)
      )
      .select(pendingPaperCount())
      .orderBy('attention_rank', 'asc')
      .orderBy('attention_since', 'asc')
      .orderBy('petitions.id', 'asc')
  }
  const petitions = await query.paginate(page, QUEUE_PER_PAGE)
  const ids = petitions.all().map((petition) => petition.id)
  const [reports, trail, alerts] = await Promise.all([
    ids.length === 0
      ? []
      : PetitionReport.query().whereIn('petition_id', ids).whereNull('resolved_at').orderBy('id'),
    ids.length === 0 ? [] : ModerationEvent.query().whereIn('petition_id', ids).orderBy('id'),
    openSigningAlerts(ids),
  ])
  return { petitions, reports, trail, alerts }
}

/** The open alerts of unusual signing of these petitions, newest first. */
export function openSigningAlerts(petitionIds: number[]) {
  if (petitionIds.length === 0) return Promise.resolve([] as SigningAlert[])
  return SigningAlert.query()
    .whereIn('petition_id', petitionIds)
    .whereNull('resolved_at')
    .orderBy('id', 'desc')
}
