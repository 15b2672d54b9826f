import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { affectedRows } from '#support/database_errors'

/**
 * How long a finished delivery (delivered, or given up) and its body are
 * kept: long enough for the owner's delivery log and "send again", not for
 * ever, since a signature's body carries the signer's name and address.
 */
export const WEBHOOK_DELIVERIES_KEPT_DAYS = 30

/** Rows per DELETE: a viral month holds millions, and SQLite's writer is shared. */
const PRUNE_BATCH = 5000

/** Runs `remove` (one batch) until it deletes less than a batch; how many rows it deleted. */
async function deleteInBatches(remove: () => Promise<unknown>) {
  let total = 0
  for (;;) {
    const deleted = affectedRows(await remove())
    total += deleted
    if (deleted < PRUNE_BATCH) return total
  }
}

/**
 * Forgets finished deliveries older than WEBHOOK_DELIVERIES_KEPT_DAYS (their
 * tries go with them: the foreign key cascades), then the bodies no
 * delivery names any more. A pending one stays whatever its age (its
 * retries end within a day).
 */
export async function pruneWebhookDeliveries(now = DateTime.utc()) {
  const cutoff = now
    .minus({ days: WEBHOOK_DELIVERIES_KEPT_DAYS })
    .toFormat(db.connection().dialect.dateTimeFormat)
  const deliveries = await deleteInBatches(() =>
    db
      .from('webhook_deliveries')
      .whereIn(
        'id',
        db
          .from('webhook_deliveries')
          .select('id')
          .whereNot('status', 'pending')
          .where('created_at', '<', cutoff)
          .limit(PRUNE_BATCH)
      )
      .delete()
  )
  const bodies = await deleteInBatches(() =>
    db
      .from('webhook_bodies')
      .whereIn(
        'id',
        db
          .from('webhook_bodies')
          .select('id')
          .where('created_at', '<', cutoff)
          .whereNotExists((named) =>
            named
              .from('webhook_deliveries')
              .select(db.raw('1'))
              .whereColumn('webhook_deliveries.body_id', 'webhook_bodies.id')
          )
          .limit(PRUNE_BATCH)
      )
      .delete()
  )
  return { deliveries, bodies }
}
