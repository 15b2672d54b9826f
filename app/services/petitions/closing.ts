import { DateTime } from 'luxon'
import Petition from '#models/petition'
import PetitionClosedMail from '#mails/petition_closed_mail'
import { rowsOf } from '#support/database_errors'
import SendMailJob from '#jobs/send_mail_job'
import { changePetitions } from '#models/petition_changes'
import PetitionClosed from '#events/petition_closed'

/*
 * A petition may close on a day its owner picked (app/shared/petitions/closing.ts):
 * `closes_at` is the midnight UTC after that day. Signing stops at that
 * moment by itself (Petition.isOpenForSigning); a scheduled job then
 * finishes the petition, which starts its signatures' retention period, and
 * tells its owner.
 *
 * Reopening a finished petition drops a closing date that has passed (the
 * writer), so that it does not close again at once; the owner may pick a new
 * date in the same save.
 */

/**
 * Finishes every published, open petition whose closing date has come, and
 * queues one mail to each one's owner with its final count. One UPDATE
 * takes them (through the closes_at index: petitions without a date are
 * never read) and returns what it changed, so that a second run, or another
 * process running at the same time, finishes and mails nothing twice. Their
 * `finished_at` is the closing moment: the retention period counts from
 * when signing stopped, however late the job ran. Their cached pages go. A petition whose owner
 * deleted their account is finished without a mail. Returns the petitions
 * finished.
 */
export async function finishClosedPetitions(now = DateTime.utc()) {
  const ids = await changePetitions(async ({ trx, mark }) => {
    const at = now.toUTC().toFormat(trx.dialect.dateTimeFormat)
    const result = await trx.rawQuery(
      `UPDATE petitions
          SET finished = ?, finished_at = closes_at, updated_at = ?
        WHERE closes_at IS NOT NULL AND closes_at <= ?
          AND finished = ? AND published = ?
        RETURNING id`,
      [true, at, at, false, true]
    )
    const finished = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id))
    // Their pages, cached in every process, show them closed.
    mark('page', ...finished)
    PetitionClosed.tellAfterCommit(trx, finished, 'date')
    return finished
  })
  if (ids.length === 0) return 0

  const petitions = await Petition.query()
    .whereIn('id', ids)
    .whereNotNull('user_id')
    .preload('user')
  // Mailed once the rows are taken: a crash in between loses a mail rather
  // than sending one twice (the petition is finished either way).
  await SendMailJob.dispatchMails(
    petitions.flatMap((petition) =>
      petition.user ? [new PetitionClosedMail(petition.user, petition)] : []
    )
  )
  return ids.length
}
