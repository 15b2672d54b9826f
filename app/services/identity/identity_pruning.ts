import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { affectedRows } from '#support/database_errors'

/**
 * A check and its verification live IDENTITY_FLOW_MINUTES; they are kept a
 * day past that, so that a late answer still finds its row and is told it
 * expired (rather than that it was never asked), then forgotten.
 */
export const IDENTITY_CHECKS_KEPT_AFTER_EXPIRY = { days: 1 }

/** Rows per DELETE: a busy day of checks never holds SQLite's single writer for long. */
export const IDENTITY_PRUNE_BATCH = 1000

/** Deletes the rows of `table` that expired before `cutoff`, a batch per statement; how many. */
async function pruneExpired(table: string, cutoff: string, batchSize: number) {
  let total = 0
  for (;;) {
    const deleted = affectedRows(
      await db
        .from(table)
        .whereIn(
          'id',
          db.from(table).select('id').where('expires_at', '<', cutoff).limit(batchSize)
        )
        .delete()
    )
    total += deleted
    if (deleted < batchSize) return total
  }
}

/** Forgets identity checks and verifications a day after they expired, used or not. */
export async function pruneIdentityChecks(now = DateTime.utc(), batchSize = IDENTITY_PRUNE_BATCH) {
  const cutoff = now
    .minus(IDENTITY_CHECKS_KEPT_AFTER_EXPIRY)
    .toFormat(db.connection().dialect.dateTimeFormat)
  return {
    flows: await pruneExpired('identity_flows', cutoff, batchSize),
    verifications: await pruneExpired('identity_verifications', cutoff, batchSize),
  }
}
