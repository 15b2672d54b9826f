import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import env from '#start/env'
import Petition from '#models/petition'
import SignatureRetentionNoticeMail from '#mails/signature_retention_notice_mail'
import { anonymiseSignatures } from '#services/signatures/personal_data'
import { mailGuard } from '#runtime/mail/mail_guard'
import SendMailJob from '#jobs/send_mail_job'
import { changePetitions } from '#models/petition_changes'
import { erasePaperPhotos } from '#services/petitions/paper_signatures'

/*
 * The signers' personal data of a finished petition (names, addresses,
 * comments, answers to custom fields) is kept SIGNATURE_RETENTION_MONTHS
 * months after the owner finished it, then anonymised; the counts never
 * move. The owner is mailed 30 days before, so that they can export the
 * signatures, and nothing is erased sooner than 30 days after that mail,
 * whatever the date: a petition finished long before this rule existed, or
 * whose notice had to wait, gets its full 30 days.
 *
 * Reopening a petition clears its `finished_at` (Petition.dateFinishing):
 * nothing is erased while signing is open again, and a notice already mailed
 * no longer applies. Finishing it again starts a new period with a new
 * notice. The markers are compared with `finished_at` rather than cleared,
 * so they still tell when the last notice and erasure happened.
 */

/** How long before the erasure the owner is told. */
export const RETENTION_NOTICE_DAYS = 30

/**
 * Signatures anonymised per transaction: a petition with a million of them is
 * erased in short transactions that never hold its rows, or SQLite's single
 * writer lock, for long.
 */
export const ERASURE_BATCH_SIZE = 1000

/** Months a finished petition's signers' personal data is kept (SIGNATURE_RETENTION_MONTHS, default 12). */
export function signatureRetentionMonths(): number {
  return env.get('SIGNATURE_RETENTION_MONTHS', 12)
}

/**
 * When a finished petition's signers' data is erased: at the end of the
 * retention period, and never sooner than 30 days after its owner was told.
 */
export function erasureDateOf(finishedAt: DateTime, noticeSentAt: DateTime) {
  const endOfRetention = finishedAt.plus({ months: signatureRetentionMonths() })
  const endOfNotice = noticeSentAt.plus({ days: RETENTION_NOTICE_DAYS })
  return endOfRetention > endOfNotice ? endOfRetention : endOfNotice
}

const stored = (date: DateTime) => date.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

/** Finished petitions whose signatures have not been erased since they were finished. */
function finishedAndNotErased() {
  return Petition.query()
    .where('finished', true)
    .whereNotNull('finished_at')
    .where((erased) =>
      erased
        .whereNull('signatures_erased_at')
        .orWhereColumn('signatures_erased_at', '<', 'finished_at')
    )
}

/** Signatures of a petition that still carry personal data. */
function withPersonalData(petitionId: number) {
  return db.from('signatures').where('petition_id', petitionId).whereNot('email', '')
}

/** Records a notice or an erasure on a petition, leaving its own dates (updated_at) alone. */
function recordOn(petitionId: number, marker: Record<string, string>) {
  return db.from('petitions').where('id', petitionId).update(marker)
}

/**
 * Mails the owner of each finished petition whose signers' data is erased in
 * 30 days, once per finishing. An owner who had enough mails this hour gets
 * theirs on a later run, and the erasure waits for it. A petition without
 * any personal data left has nothing to warn about: it is recorded as erased.
 * Returns the notices mailed.
 */
export async function mailRetentionNotices(now = DateTime.utc()) {
  const finishedBy = now.plus({ days: RETENTION_NOTICE_DAYS }).minus({
    months: signatureRetentionMonths(),
  })
  const due = await finishedAndNotErased()
    .where('finished_at', '<=', stored(finishedBy))
    .where((notice) =>
      notice
        .whereNull('retention_notice_sent_at')
        .orWhereColumn('retention_notice_sent_at', '<', 'finished_at')
    )
    .preload('user')
    .orderBy('finished_at')
    .orderBy('id')

  let mailed = 0
  for (const petition of due) {
    if (!(await withPersonalData(petition.id).select('id').first())) {
      // No online signer to warn; the photos of paper sheets, if any, go with the (empty) erasure.
      await erasePaperPhotos(petition.id)
      await recordOn(petition.id, { signatures_erased_at: stored(now) })
      continue
    }
    // The owner deleted their account: nobody to tell, the period runs as for anyone.
    if (petition.user) {
      if (!(await mailGuard.allows(petition.user.email))) continue
      const erasureDate = erasureDateOf(petition.finishedAt!, now)
      await SendMailJob.dispatchMails([
        new SignatureRetentionNoticeMail(petition.user, petition, erasureDate),
      ])
      mailed++
    }
    // Recorded once the mail is queued: a failure in between mails the owner
    // twice rather than letting the erasure come without warning.
    await recordOn(petition.id, { retention_notice_sent_at: stored(now) })
  }
  return mailed
}

/**
 * Anonymises the signatures of every finished petition whose retention
 * period is over and whose owner was told at least 30 days ago, then records
 * the erasure. Returns the signatures anonymised.
 */
export async function eraseExpiredSignatures(now = DateTime.utc(), batchSize = ERASURE_BATCH_SIZE) {
  const due = await finishedAndNotErased()
    .where('finished_at', '<=', stored(now.minus({ months: signatureRetentionMonths() })))
    .whereColumn('retention_notice_sent_at', '>=', 'finished_at')
    .where('retention_notice_sent_at', '<=', stored(now.minus({ days: RETENTION_NOTICE_DAYS })))
    .orderBy('id')

  let erased = 0
  for (const petition of due) {
    const result = await eraseSignaturesOf(petition.id, batchSize)
    erased += result.anonymised
    if (result.complete) {
      // Its alerts of unusual signing name a network's hash or a domain: erased with them.
      await db.from('signing_alerts').where('petition_id', petition.id).update({ subject: '' })
      // The photos of its paper sheets show signers' names: they go too (the counts stay).
      await erasePaperPhotos(petition.id)
      await recordOn(petition.id, { signatures_erased_at: stored(now) })
    }
  }
  return erased
}

/**
 * Anonymises one petition's signatures in batches of ids, each in its own
 * transaction, walking the (petition_id, id) index. A run that stops half way
 * leaves the rest for the next one, which skips what is already anonymous.
 * Each batch first checks that the petition is still finished: one reopened
 * meanwhile keeps the data not erased yet (`complete` is then false).
 */
async function eraseSignaturesOf(petitionId: number, batchSize: number) {
  let anonymised = 0
  let after = 0
  for (;;) {
    // The last id of this batch, or none when fewer rows are left than a batch.
    const last: { id: number } | null = await db
      .from('signatures')
      .where('petition_id', petitionId)
      .where('id', '>', after)
      .orderBy('id')
      .offset(batchSize - 1)
      .select('id')
      .first()
    const inBatch = (query: DatabaseQueryBuilderContract) => {
      query.where('petition_id', petitionId).where('id', '>', after)
      if (last) query.where('id', '<=', last.id)
    }
    const stillFinished = await changePetitions(async ({ trx, mark }) => {
      const petition = await trx
        .from('petitions')
        .where('id', petitionId)
        .where('finished', true)
        .first()
      if (!petition) return false
      anonymised += await anonymiseSignatures(trx, inBatch)
      mark('page', petitionId)
      return true
    })
    if (!stillFinished) return { anonymised, complete: false }
    if (!last) return { anonymised, complete: true }
    after = last.id
  }
}
