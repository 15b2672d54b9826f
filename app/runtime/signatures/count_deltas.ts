import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UNKNOWN_COUNTRY } from '#shared/countries'
import { COUNTRY_BATCH, DELTAS, ZERO, type Delta } from '#runtime/signatures/flushed_counts'
import { signatureCounter } from '#runtime/signatures/counter'
import { commitmentOrNull } from '#support/receipts'
import type { SignatureRow } from '#support/signature_records'

/*
 * The counter's writer: a change of a signature that moves a count adds a
 * delta row in its own transaction, and wakes the flusher once it commits
 * (runtime/signatures/counter sums the rows onto the petitions).
 */

/** One signature of `score` counted (+1) or uncounted (-1): a score > 0 is support. */
function signatureDelta(score: number, direction: 1 | -1): Delta {
  return score > 0 ? { support: direction, oppose: 0 } : { support: 0, oppose: direction }
}

/**
 * A counted signature's move of the verified count: a signature whose
 * signer an identity provider verified moves it with its side. Only rows
 * that move support or opposition carry it: the verified count is of
 * counted signatures.
 */
function verifiedDelta(identityProvider: string | null | undefined, direction: 1 | -1) {
  return { verified: identityProvider ? direction : 0 }
}

/**
 * A count row's signature and what happened to it, for the petition's
 * webhooks (the flush sends `signature.confirmed` / `signature.withdrawn`
 * from these rows). A withdrawal keeps the record columns of the row it
 * deleted: the flush has nothing else to send.
 */
export type SignatureChange = {
  signatureId: number
  change: 'confirmed' | 'withdrawn'
  kept?: SignatureRow | null
}

function changeColumns(change: SignatureChange | undefined) {
  if (!change) return {}
  return {
    signature_id: change.signatureId,
    signature_change: change.change,
    signature_kept: change.kept ? JSON.stringify(change.kept) : null,
  }
}

/**
 * What the counter needs of a signature: its petition, side and country,
 * and its receipt secret (the log's leaf carries its commitment).
 */
export type CountedSignature = {
  petitionId: number
  score: number
  country: string | null
  receiptSecret?: string | null
  /** The provider that verified its signer: it moves the verified count too. */
  identityProvider?: string | null
}

/**
 * Moves a petition's counters, its total and its signer's country's, by one
 * signature, as part of the caller's transaction: the change and its count
 * commit or roll back together.
 */
export async function countSignature(
  trx: TransactionClientContract,
  signature: CountedSignature,
  direction: 1 | -1,
  change?: SignatureChange
) {
  const delta = signatureDelta(signature.score, direction)
  await trx
    .insertQuery()
    .table(DELTAS)
    .insert({
      petition_id: signature.petitionId,
      country: signature.country ?? UNKNOWN_COUNTRY,
      ...delta,
      ...verifiedDelta(signature.identityProvider, direction),
      commitment: commitmentOrNull(signature.receiptSecret),
      ...changeColumns(change),
    })
  trx.after('commit', () => signatureCounter.wake())
}

/** What the public count of a confirmed signature that does not count needs of its row. */
export type UncountedSignature = {
  petitionId: number
  score: number
  invalidationId: number | null
  blockedRule: string | null
}

/**
 * Moves the public count of confirmed signatures that do not count by one,
 * as part of the caller's transaction, by why it does not: its
 * invalidation's (a signature confirmed after moderators took it out; a
 * withdrawal does not lower what they took out), else the petition's
 * stopped by a rule or switched off by its owner. A delta row like a
 * counted signature's, so that a flood of stopped signatures writes the
 * petition's row once a flush, never once each.
 */
export async function countUncounted(
  trx: TransactionClientContract,
  signature: UncountedSignature,
  direction: 1 | -1,
  change?: SignatureChange
) {
  const counted =
    signature.invalidationId !== null
      ? direction === 1
        ? { invalidation_id: signature.invalidationId, ...signatureDelta(signature.score, 1) }
        : null
      : { ...ZERO, [signature.blockedRule ? 'stopped' : 'deactivated']: direction }
  // A row that moves nothing still carries its signature's change to the webhooks.
  const row = counted ?? (change ? ZERO : null)
  if (!row) return
  await trx
    .insertQuery()
    .table(DELTAS)
    .insert({ petition_id: signature.petitionId, ...row, ...changeColumns(change) })
  trx.after('commit', () => signatureCounter.wake())
}

/** A signature as a bulk change returned it: its side, country, receipt secret and provider. */
export type CountedRow = {
  id?: number
  score: number | string
  country: string | null
  receiptSecret?: string | null
  identityProvider?: string | null
}

/**
 * Moves a petition's counters by many signatures at once (a batch of
 * confirmations, a moderators' bulk invalidation or its undoing), as part
 * of the caller's transaction: one delta row per signature, each carrying
 * its commitment to its own leaf of the log, written in batches. The sums
 * per side are returned.
 */
export async function countSignatures(
  trx: TransactionClientContract,
  petitionId: number,
  rows: CountedRow[],
  direction: 1 | -1,
  /** Each row's signature was confirmed now: its petition's webhooks are told. */
  change?: 'confirmed'
): Promise<Delta> {
  const total: Delta = { support: 0, oppose: 0 }
  const deltas = rows.map((row) => {
    const delta = signatureDelta(Number(row.score), direction)
    total.support += delta.support
    total.oppose += delta.oppose
    return {
      petition_id: petitionId,
      country: row.country ?? UNKNOWN_COUNTRY,
      ...delta,
      ...verifiedDelta(row.identityProvider, direction),
      commitment: commitmentOrNull(row.receiptSecret),
      ...changeColumns(change && row.id ? { signatureId: row.id, change } : undefined),
    }
  })
  for (let start = 0; start < deltas.length; start += COUNTRY_BATCH) {
    await trx.table(DELTAS).multiInsert(deltas.slice(start, start + COUNTRY_BATCH))
  }
  if (deltas.length > 0) trx.after('commit', () => signatureCounter.wake())
  return total
}
