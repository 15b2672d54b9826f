import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { storedDateTime } from '#support/stored_dates'

/**
 * Which signatures were stored since a moment, without an index on their
 * dates. Signing stays one INSERT with no index of its own (its bench must
 * not move); instead the unusual-signing job writes, each minute, the
 * highest signature id it saw (`signing_marks`, kept a day). An id is taken
 * when its row is inserted, after its `created_at` is set, so a row with an
 * id at or below a mark was dated before the mark was taken: the
 * signatures of a petition dated from `since` on all have an id above the
 * last mark taken a minute or more before `since` (the minute covers the
 * clocks of several nodes). The queries bound the (petition_id, id) index
 * by it, and filter on `created_at` for the exact window.
 *
 * An unconfirmed signature replaced by a new signer keeps its id with a new
 * date: it counts where its id falls (a replacement is one address signing
 * again, limited per day, never a burst).
 */

const MINUTE_MS = 60_000

/** Marks older than the longest window read (a day) and a margin are deleted. */
const KEPT_MINUTES = 25 * 60

/** Whole minutes since 1970 (UTC): the same number on every database. */
export function minuteOf(at: DateTime) {
  return Math.floor(at.toMillis() / MINUTE_MS)
}

/** The highest signature id stored now (0 before the first). */
export async function highestSignatureId(): Promise<number> {
  const row = await db.from('signatures').max('id as id').first()
  return Number(row?.id ?? 0)
}

/** The newest mark, or null before the job's first run (or after a day without one). */
export async function lastMark(): Promise<{ minute: number; signatureId: number } | null> {
  const row = await db.from('signing_marks').orderBy('minute', 'desc').first()
  return row ? { minute: Number(row.minute), signatureId: Number(row.signature_id) } : null
}

/**
 * Keeps `signatureId` as the mark of `at`'s minute (the first one taken in a
 * minute stays: a bound only needs to be low enough), and deletes marks
 * older than a day.
 */
export async function markSignatures(at: DateTime, signatureId: number) {
  const minute = minuteOf(at)
  await db
    .table('signing_marks')
    .insert({ minute, signature_id: signatureId })
    .onConflict('minute')
    .ignore()
  await db
    .from('signing_marks')
    .where('minute', '<', minute - KEPT_MINUTES)
    .delete()
}

/**
 * An id every signature dated from `since` on lies above: the last mark
 * taken a minute or more before it; without one (the job's first day, or
 * tests, which run without the scheduler), found by a binary search over
 * the primary key (a few dozen one-row reads, whatever the table's size)
 * for the first signature dated from a minute before `since`, which holds
 * as long as ids grow with dates.
 */
export async function signatureIdBefore(since: DateTime): Promise<number> {
  const mark = await db
    .from('signing_marks')
    .where('minute', '<=', minuteOf(since) - 1)
    .orderBy('minute', 'desc')
    .select('signature_id')
    .first()
  if (mark) return Number(mark.signature_id)
  const cutoff = since.toMillis() - MINUTE_MS
  let low = 0
  let high = await highestSignatureId()
  while (low < high) {
    const middle = Math.floor((low + high) / 2)
    const next = await db
      .from('signatures')
      .where('id', '>', middle)
      .orderBy('id', 'asc')
      .select('created_at')
      .first()
    const dated = next ? storedDateTime(next.created_at) : null
    if (!dated || dated.toMillis() >= cutoff) high = middle
    else low = middle + 1
  }
  return low
}
