import { DateTime } from 'luxon'
import PetitionReport from '#models/petition_report'
import User from '#models/user'
import PetitionHiddenMail from '#mails/petition_hidden_mail'
import PetitionClosedByModeratorMail from '#mails/petition_closed_by_moderator_mail'
import ModerationEvent from '#models/moderation_event'
import SendMailJob from '#jobs/send_mail_job'
import { changePetitions } from '#models/petition_changes'
import PetitionClosed from '#events/petition_closed'
import type { HideReason, PetitionAction } from '#shared/moderation'

const RECORDED = {
  hide: 'petition_hidden',
  restore: 'petition_restored',
  close: 'petition_closed',
  reopen: 'petition_reopened',
  dismiss: 'reports_dismissed',
} as const

/**
 * A moderator's action on a petition, in one transaction with its audit
 * entry: hide (the public gets the reason instead), restore, close for
 * signing (its owner cannot reopen it then, even one they had finished),
 * reopen what a moderator closed, or dismiss its reports (or its owner's
 * request for a review, keeping it hidden). Every action closes the open
 * reports and alerts of unusual signing (the moderator looked: the entry
 * of the audit trail says what they did about it), answers a request for a
 * review and marks the petition reviewed.
 * Returns false
 * when the action does not apply (restoring a visible petition, closing one
 * a moderator closed, reopening one a moderator did not close).
 */
export async function moderatePetition(
  moderator: User,
  petitionId: number,
  action: PetitionAction,
  reason: string,
  // A hiding's reason from the list, which the public and the owner are told; `reason` is the note.
  hideReason: HideReason = 'other'
) {
  return changePetitions(async ({ trx, lockOrFail }) => {
    const petition = await lockOrFail({ id: petitionId })
    const now = DateTime.utc()
    if (action === 'hide') {
      if (petition.hiddenAt) return false
      petition.merge({
        hiddenAt: now,
        hiddenReason: hideReason,
        hiddenNote: reason.trim() || null,
      })
    } else if (action === 'restore') {
      if (!petition.hiddenAt) return false
      petition.merge({ hiddenAt: null, hiddenReason: null, hiddenNote: null })
    } else if (action === 'close') {
      if (petition.isClosedByModerator) return false
      if (!petition.finished) PetitionClosed.tellAfterCommit(trx, [petition.id], 'moderator')
      petition.merge({ finished: true, moderatorClosedAt: now, moderatorClosedReason: reason })
    } else if (action === 'reopen') {
      if (!petition.isClosedByModerator) return false
      petition.merge({ finished: false, moderatorClosedAt: null, moderatorClosedReason: null })
      // As when its owner reopens it: a closing date that has passed would close it again at once.
      if (petition.hasPassedClosingDate) petition.closesAt = null
    }
    // Dismissing a hidden petition's request for a review keeps it hidden: the request is declined.
    const declined = action === 'dismiss' && petition.hiddenAt && petition.reviewRequestedAt
    petition.merge({ reviewedAt: now, reviewRequestedAt: null })
    await petition.save()
    await PetitionReport.query({ client: trx })
      .where('petition_id', petition.id)
      .whereNull('resolved_at')
      .update({ resolved_at: now.toFormat(trx.dialect.dateTimeFormat) })
    await trx
      .from('signing_alerts')
      .where('petition_id', petition.id)
      .whereNull('resolved_at')
      .update({ resolved_at: now.toFormat(trx.dialect.dateTimeFormat), resolved_by: moderator.id })
    await ModerationEvent.record(trx, {
      actor: moderator,
      action: declined ? 'review_declined' : RECORDED[action],
      petitionId: petition.id,
      reason,
      reasonCode: action === 'hide' ? petition.hiddenReason : null,
    })
    // The owner learns of a hide or a close, with its reason.
    if ((action === 'hide' || action === 'close') && petition.userId) {
      const owner = await User.find(petition.userId, { client: trx })
      const told = action === 'hide' ? PetitionHiddenMail : PetitionClosedByModeratorMail
      // Queued once the action is stored: a rolled-back action mails nobody.
      if (owner)
        trx.after('commit', async () => {
          await SendMailJob.dispatchMails([new told(owner, petition)])
        })
    }
    return true
  })
}
