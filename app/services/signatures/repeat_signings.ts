import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import RepeatSigning from '#models/repeat_signing'
import Signature from '#models/signature'
import { normalizeEmail } from '#support/email_normalizer'
import { affectedRows } from '#support/database_errors'
import { signatureWrites } from '#runtime/signatures/signature_writes'
import { signatureMails } from '#runtime/signatures/signature_mails'
import { resendConfirmationLink } from '#services/signatures/confirmation'
import { takeConfirmationResend } from '#runtime/limits/rate_limits'
import { UNCONFIRMED_KEPT_DAYS } from '#services/signatures/unconfirmed_pruning'

/** The mailbox of a signature hears that its address signed again at most this often. */
const SIGNED_AGAIN_NOTICE_EVERY_HOURS = 24

/**
 * A second signature with an address that had signed the petition (by the
 * unique index): nothing of the new signer is stored but the address as
 * typed, for their page, which shows them what it shows a first signer.
 * With `tell`, the mailbox of the signature that stands hears of it (once
 * a day at most), in the same transaction, shared with the signatures of
 * the moment on SQLite. `original` is null when signs racing over the
 * address never let this one read the row that stands.
 */
export async function signAgain(
  signing: { petitionId: number; userId: number | null; email: string },
  original: Signature | null,
  tell: boolean
) {
  const repeat = new RepeatSigning().merge({
    ...signing,
    token: randomBytes(16).toString('base64url'),
  })
  const told = await signatureWrites.run(async (trx) => {
    repeat.useTransaction(trx)
    await repeat.save()
    return tell && original !== null && (await dueSignedAgainNotice(trx, original.id))
  })
  if (told) await signatureMails.due(original!.id)
  return repeat
}

/**
 * Marks a confirmed signature's notice that its address signed again as due,
 * unless its mailbox heard of it in the last day or a mail of it is still
 * on its way (the notice that it counts, which says as much). The row is its
 * mail's outbox, as for every signer's mail. False when nothing is due.
 */
async function dueSignedAgainNotice(client: QueryClientContract, signatureId: number) {
  const format = client.dialect.dateTimeFormat
  const now = DateTime.utc()
  const lastNoticeBefore = now.minus({ hours: SIGNED_AGAIN_NOTICE_EVERY_HOURS }).toFormat(format)
  const affected = await client
    .from('signatures')
    .where('id', signatureId)
    .whereNotNull('confirmed_at')
    .whereNull('link_mail_due_at')
    .where((since) =>
      since.whereNull('signed_again_at').orWhere('signed_again_at', '<=', lastNoticeBefore)
    )
    .update({
      signed_again_at: now.toFormat(format),
      link_mail_due_at: now.toFormat(format),
      link_mail_attempts: 0,
    })
  return affectedRows(affected) > 0
}

/**
 * "Send it again" on a second signature's page, as on a first one's: within
 * the day's allowance of links for the address on the petition, the
 * signature that stands gets its link again while unconfirmed, or its
 * notice that the address signed again (once a day). `limited` once the
 * allowance is used up, as for a first signature.
 */
export async function resendForRepeat(repeat: RepeatSigning): Promise<'sent' | 'limited'> {
  const emailNormalized = normalizeEmail(repeat.email)
  const original = await Signature.query()
    .where('petition_id', repeat.petitionId)
    .where('email_normalized', emailNormalized)
    .first()
  if (original && !original.confirmedAt) {
    return (await resendConfirmationLink(original)) ? 'sent' : 'limited'
  }
  if (!(await takeConfirmationResend(repeat.petitionId, emailNormalized))) return 'limited'
  if (original && (await dueSignedAgainNotice(db.connection(), original.id))) {
    await signatureMails.due(original.id)
  }
  return 'sent'
}

/** "Wrong address?" on a second signature's page: it is gone, as a first one would be. */
export async function discardRepeat(repeat: RepeatSigning) {
  return affectedRows(await db.from('repeat_signings').where('id', repeat.id).delete()) > 0
}

/** Second signatures are kept as long as an unconfirmed signature, then deleted. */
export async function pruneRepeatSignings(days = UNCONFIRMED_KEPT_DAYS) {
  const cutoff = DateTime.utc().minus({ days }).toFormat(db.connection().dialect.dateTimeFormat)
  return affectedRows(await db.from('repeat_signings').where('created_at', '<', cutoff).delete())
}
