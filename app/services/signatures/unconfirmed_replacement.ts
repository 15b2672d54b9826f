import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Signature from '#models/signature'
import { countSignature, countUncounted } from '#runtime/signatures/count_deltas'
import { affectedRows } from '#support/database_errors'
import { newConfirmationToken } from '#support/signature_links'
import type { SignatureValues } from '#services/signatures/signing'

/**
 * Overwrites an unconfirmed signature with a new signer's, as a new signature:
 * dated now, active unless a rule stops the new signer (whose rule it
 * then records), with a new link token (or confirmed, for a verified
 * member). The UPDATE holds only while the row is still unconfirmed and
 * still has the signer it was read with, so a concurrent confirmation or
 * replacement wins and this returns null; counts do not move until a
 * confirmation, and the members' signature counts follow the signer.
 */
export async function replaceUnconfirmed(
  existing: Signature,
  values: SignatureValues,
  client?: TransactionClientContract
) {
  if (client) return replaceIn(client, existing, values)
  return db.transaction((trx) => replaceIn(trx, existing, values))
}

async function replaceIn(
  trx: TransactionClientContract,
  existing: Signature,
  { confirmed, ...values }: SignatureValues
) {
  const now = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
  const token = newConfirmationToken()
  const affected = await trx
    .from('signatures')
    .where('id', existing.id)
    .whereNull('confirmed_at')
    .if(
      existing.userId === null,
      (query) => query.whereNull('user_id'),
      (query) => query.where('user_id', existing.userId!)
    )
    .update({
      user_id: values.userId,
      first_name: values.firstName,
      last_name: values.lastName,
      email: values.email,
      comment: values.comment,
      private: values.private,
      score: values.score,
      // Active again, unless stopped by a rule or invalidated by moderators (only their undo
      // brings it back).
      active: values.blockedRule === null ? db.raw('invalidation_id IS NULL') : false,
      blocked_rule: values.blockedRule,
      custom_fields_data: JSON.stringify(values.customFieldsData),
      locale: values.locale,
      // The new signer's own choice, as everything else of theirs.
      wants_updates: values.wantsUpdates,
      country: values.country,
      postal_code: values.postalCode,
      source: values.source,
      contact_consent_at: values.contactConsentAt?.toFormat(trx.dialect.dateTimeFormat) ?? null,
      contact_consent_text: values.contactConsentText,
      network_hash: values.networkHash,
      email_domain: values.emailDomain,
      receipt_secret: values.receiptSecret,
      // A verified signer's identity, or none: the replaced signer's never stays.
      identity_provider: values.identityProvider ?? null,
      identity_hash: values.identityHash ?? null,
      identity_claims: values.identityClaims ? JSON.stringify(values.identityClaims) : null,
      confirmation_token: token,
      confirmed_at: confirmed ? now : null,
      link_mail_due_at: now,
      link_mail_attempts: 0,
      created_at: now,
      updated_at: now,
    })
  if (affectedRows(affected) === 0) return null
  const signature = await Signature.query({ client: trx }).where('id', existing.id).firstOrFail()
  // Counted only when active: neither stopped by a rule nor invalidated by moderators; as
  // the row now is (its identity provider, when its signer was verified, included).
  const change = { signatureId: signature.id, change: 'confirmed' as const }
  if (confirmed && signature.active) await countSignature(trx, signature, 1, change)
  else if (confirmed) await countUncounted(trx, signature, 1, change)
  if (existing.userId !== values.userId) {
    if (existing.userId) {
      await trx.from('users').where('id', existing.userId).decrement('signatures_count', 1)
    }
    if (values.userId) {
      await trx.from('users').where('id', values.userId).increment('signatures_count', 1)
    }
  }
  return signature
}
