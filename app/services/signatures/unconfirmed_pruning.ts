import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { affectedRows } from '#support/database_errors'

/** Unconfirmed signatures are deleted once their link has expired. */
export const UNCONFIRMED_KEPT_DAYS = 7

/**
 * Deletes unconfirmed signatures older than `days` (their link has expired).
 * They were never counted, so no counter moves; a member's own count does,
 * row by row with the same condition, since those are few.
 */
export async function pruneUnconfirmedSignatures(days = UNCONFIRMED_KEPT_DAYS) {
  const cutoff = DateTime.utc().minus({ days }).toFormat(db.connection().dialect.dateTimeFormat)
  const stale = () =>
    db.from('signatures').whereNull('confirmed_at').where('created_at', '<', cutoff)

  const guests = affectedRows(await stale().whereNull('user_id').delete())
  let members = 0
  const memberRows: Array<{ id: number; user_id: number }> = await stale()
    .whereNotNull('user_id')
    .select('id', 'user_id')
  for (const row of memberRows) {
    await db.transaction(async (trx) => {
      const deleted = await stale()
        .useTransaction(trx)
        .where('id', row.id)
        .where('user_id', row.user_id)
        .delete()
      if (affectedRows(deleted) === 0) return
      await trx.from('users').where('id', row.user_id).decrement('signatures_count', 1)
      members++
    })
  }
  return guests + members
}
