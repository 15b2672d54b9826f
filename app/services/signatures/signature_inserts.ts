import { DateTime } from 'luxon'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ModelObject } from '@adonisjs/lucid/types/model'
import type Signature from '#models/signature'
import { rowsOf } from '#support/database_errors'
import { countSignature, countUncounted } from '#runtime/signatures/count_deltas'
import type { BatchedWrite } from '#runtime/signatures/signature_writes'

type NewSignature = { signature: Signature; confirmed: boolean }

/** Rows per INSERT: SQLite binds at most 32,766 values in one statement. */
const ROWS_PER_INSERT = 500

/**
 * The new signatures of a batch, in one multi-row INSERT that skips the
 * addresses which had signed (ON CONFLICT DO NOTHING: no error, so one
 * duplicate never aborts the others' transaction) and says which rows it
 * stored. Two signs of one address in a batch: the first stands. What
 * follows a stored row (a member's signature count, the count of a
 * confirmed one) is written for that row only; a guest's sign has none.
 */
export const signatureInserts: BatchedWrite<NewSignature, boolean> = {
  async write(trx, items) {
    const now = DateTime.utc()
    const rows = items.map(({ signature }) => {
      signature.createdAt = now
      signature.updatedAt = now
      return columnsOf(signature)
    })
    const storedIds = new Map<string, number>()
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT)
      const returned = rowsOf<{ id: number; petition_id: number; email_normalized: string }>(
        await trx.rawQuery(...multiRowInsert(chunk))
      )
      for (const row of returned) storedIds.set(addressKey(row), Number(row.id))
    }
    const outcomes: boolean[] = []
    for (const [index, { signature, confirmed }] of items.entries()) {
      const id = storedIds.get(addressKey(rows[index]))
      // Taken by this item, so a second sign of the address in the batch finds none.
      storedIds.delete(addressKey(rows[index]))
      outcomes.push(id !== undefined)
      if (id === undefined) continue
      signature.id = id
      signature.$isPersisted = true
      signature.$hydrateOriginals()
      await afterStored(trx, signature, confirmed)
    }
    return outcomes
  },
}

type Row = Record<string, StrictValues>

/** A new row's columns and values as Lucid's own INSERT would write them (`prepare` applied). */
function columnsOf(signature: Signature): Row {
  const model = signature as unknown as { prepareForAdapter(attributes: ModelObject): Row }
  return model.prepareForAdapter(signature.$attributes)
}

const addressKey = (row: Row) => `${row.petition_id} ${row.email_normalized}`

/** An INSERT of `rows` (all with the same columns) that skips duplicates and returns what it stored. */
function multiRowInsert(rows: Row[]): [string, StrictValues[]] {
  const columns = Object.keys(rows[0])
  const placeholders = `(${columns.map(() => '?').join(', ')})`
  const bindings = rows.flatMap((row) => columns.map((column) => row[column] ?? null))
  const sql =
    `INSERT INTO signatures (${columns.join(', ')}) VALUES ` +
    rows.map(() => placeholders).join(', ') +
    ' ON CONFLICT DO NOTHING RETURNING id, petition_id, email_normalized'
  return [sql, bindings]
}

/** A stored signature's member count and, confirmed at once, its count. */
async function afterStored(
  trx: TransactionClientContract,
  signature: Signature,
  confirmed: boolean
) {
  if (signature.userId) {
    await trx.from('users').where('id', signature.userId).increment('signatures_count', 1)
  }
  // Confirmed at once (a verified member's): the petition's webhooks are told by the flush.
  const change = { signatureId: signature.id, change: 'confirmed' as const }
  if (confirmed && signature.blockedRule === null) await countSignature(trx, signature, 1, change)
  else if (confirmed)
    await countUncounted(trx, { ...uncountedOf(signature), invalidationId: null }, 1, change)
}

const uncountedOf = ({ petitionId, score, blockedRule }: Signature) => ({
  petitionId,
  score,
  blockedRule,
})
