import Signature from '#models/signature'
import { countSignature, countUncounted } from '#runtime/signatures/count_deltas'
import { withdrawPurpose } from '#support/signature_links'
import { rowsOf } from '#support/database_errors'
import type { SignedFor } from '#support/http/signed_links'
import { changePetitions } from '#models/petition_changes'
import { SIGNATURE_RECORD_COLUMNS, type SignatureRow } from '#support/signature_records'

/**
 * The signature a withdraw link names, when the link is signed for its
 * current token: null for a forged link, for a signature replaced by another
 * signer since, or for one that is gone. One read by primary key.
 */
export async function signatureOfWithdrawLink(signatureId: number, signed: SignedFor) {
  const signature = await Signature.query().where('id', signatureId).preload('petition').first()
  return signature && signed(withdrawPurpose(signature)) ? signature : null
}

type WithdrawnRow = SignatureRow & {
  petition_id: number | string
  user_id: number | string | null
  score: number | string
  active: number | boolean
  confirmed_at: unknown
  country: string | null
  invalidation_id: number | string | null
  blocked_rule: string | null
  receipt_secret: string | null
  identity_provider: string | null
}

/** The columns the DELETE returns: what it counts by, and the record the webhooks are sent. */
const WITHDRAWN_COLUMNS = [
  ...new Set([
    'petition_id',
    'user_id',
    'score',
    'active',
    'confirmed_at',
    'country',
    'invalidation_id',
    'blocked_rule',
    'receipt_secret',
    'identity_provider',
    ...SIGNATURE_RECORD_COLUMNS,
  ]),
].join(', ')

/** A withdrawn row's record columns, kept on its count row for the petition's webhooks. */
function keptRecord(row: WithdrawnRow): SignatureRow {
  return Object.fromEntries(
    SIGNATURE_RECORD_COLUMNS.map((column) => [column, row[column]])
  ) as SignatureRow
}

/**
 * Takes a signature back: the row, and with it every personal datum of the
 * signer on it, is deleted, so the owner's table and export no longer have
 * it and the address may sign again. A counted signature (confirmed and
 * active) lowers the counts through the counter, in the same transaction,
 * as the row was at the moment it was deleted; the member's own count
 * follows. The DELETE holds only for the token the signature was read with,
 * so a replacement by another signer in between is not withdrawn. False
 * when nothing was deleted (withdrawn already, or replaced).
 */
export async function withdrawSignature(signature: Signature) {
  return changePetitions(async ({ trx, mark }) => {
    const token = signature.confirmationToken
    const result = await trx.rawQuery(
      `DELETE FROM signatures
        WHERE id = ? AND ${token === null ? 'confirmation_token IS NULL' : 'confirmation_token = ?'}
        RETURNING ${WITHDRAWN_COLUMNS}`,
      token === null ? [signature.id] : [signature.id, token]
    )
    const [row] = rowsOf<WithdrawnRow>(result)
    if (!row) return false
    const petitionId = Number(row.petition_id)
    const score = Number(row.score)
    // A confirmed signature's withdrawal goes to the petition's webhooks with the row's record.
    const change = {
      signatureId: signature.id,
      change: 'withdrawn' as const,
      kept: keptRecord(row),
    }
    if (row.confirmed_at && row.active) {
      const counted = {
        petitionId,
        score,
        country: row.country,
        receiptSecret: row.receipt_secret,
        identityProvider: row.identity_provider,
      }
      await countSignature(trx, counted, -1, change)
    } else if (row.confirmed_at) {
      // No longer one that a rule stopped or its owner switched off: it is gone.
      const invalidationId = row.invalidation_id === null ? null : Number(row.invalidation_id)
      await countUncounted(
        trx,
        { petitionId, score, invalidationId, blockedRule: row.blocked_rule },
        -1,
        change
      )
    }
    if (row.user_id !== null) {
      await trx.from('users').where('id', row.user_id).decrement('signatures_count', 1)
    }
    // The last signatures list may show it.
    mark('signatures', petitionId)
    return true
  })
}
