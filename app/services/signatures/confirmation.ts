import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Signature from '#models/signature'
import { countSignature, countUncounted } from '#services/signatures/counter'
import { signatureMails } from '#services/signatures/signature_mails'
import { confirmationPurpose } from '#services/signatures/signature_links'
import { takeConfirmationResend } from '#services/limits/rate_limits'
import { affectedRows } from '#support/database_errors'
import { signatureWrites } from '#services/signatures/signature_writes'
import type { SignedFor } from '#support/http/signed_links'
import PetitionChanged from '#events/petition_changed'
import SignatureConfirmed from '#events/signature_confirmed'
import { removalOf } from '#services/signatures/removal'

/**
 * The signature a confirmation link names, when the link is signed for its
 * current token: null for a forged, expired or superseded link, or for a
 * signature that is gone (pruned). One read by primary key.
 */
export async function signatureOfLink(signatureId: number, signed: SignedFor) {
  const signature = await Signature.query().where('id', signatureId).preload('petition').first()
  return signature && signed(confirmationPurpose(signature)) ? signature : null
}

/**
 * Confirms a signature from its mailed link. Only a POST confirms: mail
 * scanners that open links with GET never sign on someone's behalf. The
 * conditional UPDATE makes a second confirmation a no-op, so a signature is
 * counted once however often the button is pressed, and it holds only for
 * the token the link was checked against: a replacement in between wins.
 * `valid`: the link still confirms its signature; `firstTime`: this POST did;
 * `removal`: moderators took it out of the counts (its signer is told why).
 */
export async function confirmSignature(signature: Signature) {
  const now = DateTime.utc()
  // With the other confirmations and signs of the moment: one write lock for all on SQLite.
  const { row, changed } = await signatureWrites.run(async (trx) => {
    const affected = await trx
      .from('signatures')
      .where('id', signature.id)
      .whereNull('confirmed_at')
      .if(
        signature.confirmationToken === null,
        (query) => query.whereNull('confirmation_token'),
        (query) => query.where('confirmation_token', signature.confirmationToken!)
      )
      .update({
        confirmed_at: now.toFormat(trx.dialect.dateTimeFormat),
        updated_at: now.toFormat(trx.dialect.dateTimeFormat),
        // The notice that it is confirmed, with its withdraw link, is due.
        link_mail_due_at: now.toFormat(trx.dialect.dateTimeFormat),
        link_mail_attempts: 0,
      })
    const fresh = await Signature.query({ client: trx }).where('id', signature.id).first()
    const confirmed = affectedRows(affected) > 0
    if (fresh && confirmed && fresh.active) {
      await countSignature(trx, fresh, 1)
      // The last signatures list shows it now; the count follows with the flush.
      PetitionChanged.signaturesAfterCommit(trx, fresh.petitionId)
    } else if (fresh && confirmed) {
      // Invalidated, stopped by a rule or switched off: public as a number of what does not count.
      await countUncounted(trx, fresh, 1)
    }
    return { row: fresh, changed: confirmed }
  })
  if (changed) {
    await signatureMails.due(signature.id)
    await SignatureConfirmed.tell(signature.petitionId)
  }
  // Replaced or pruned between the link's check and the UPDATE: an old link now.
  const valid = row !== null && (changed || row.confirmationToken === signature.confirmationToken)
  return { valid, firstTime: changed, removal: row ? await removalOf(row) : null }
}

/**
 * Mails an unconfirmed signature's link again, within the day's allowance
 * of links for its address on its petition (the one signing again draws on).
 * The link is the same: the signature keeps its token. False when the
 * allowance is used up or the signature is confirmed or gone meanwhile.
 */
export async function resendConfirmationLink(signature: Signature) {
  if (!(await takeConfirmationResend(signature.petitionId, signature.emailNormalized))) return false
  const due = await db
    .from('signatures')
    .where('id', signature.id)
    .whereNull('confirmed_at')
    .update({
      link_mail_due_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
      link_mail_attempts: 0,
    })
  if (affectedRows(due) === 0) return false
  await signatureMails.due(signature.id)
  return true
}
