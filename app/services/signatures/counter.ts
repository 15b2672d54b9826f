import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import Petition from '#models/petition'
import { rowsOf } from '#support/database_errors'
import PetitionChanged from '#events/petition_changed'

export type Delta = { support: number; oppose: number }

const DELTAS = 'signature_count_deltas'

/** One signature of `score` counted (+1) or uncounted (-1): a score > 0 is support. */
function signatureDelta(score: number, direction: 1 | -1): Delta {
  return score > 0 ? { support: direction, oppose: 0 } : { support: 0, oppose: direction }
}

/**
 * Moves a petition's counters by one signature of `score`, as part of the
 * caller's transaction: the change and its count commit or roll back together.
 */
export async function countSignature(
  trx: TransactionClientContract,
  petitionId: number,
  score: number,
  direction: 1 | -1
) {
  const delta = signatureDelta(score, direction)
  await trx
    .insertQuery()
    .table(DELTAS)
    .insert({ petition_id: petitionId, ...delta })
  trx.after('commit', () => signatureCounter.wake())
}

type DeltaRow = { petition_id: number | string; support: number | string; oppose: number | string }

/**
 * The petitions' support and oppose counters. Confirmations, deactivations
 * and reactivations each add a +1/-1 row to signature_count_deltas in their
 * own transaction (`countSignature`); the flusher sums those rows and moves
 * the sums onto the petition rows, in one UPDATE per petition, about once a
 * second. A viral petition's row is then written once a second instead of
 * once per signature (the UK Parliament site had to batch its +1 updates for
 * the same reason). Pages lag by at most the flush interval and are exact
 * once writes stop. Rows left by a crash are applied by the flush at boot.
 * The same sums go to the hourly counts that rank the trending list.
 */
export class SignatureCounter {
  #timer: NodeJS.Timeout | null = null
  #flushing: Promise<void> | null = null

  constructor(private intervalMs = 1000) {}

  /** Flushes within the interval: a count was recorded. */
  wake() {
    if (this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.flush().catch((error) => logger.error({ err: error }, 'signature counter flush failed'))
    }, this.intervalMs)
    // Never keeps a command or a test run alive: the rows wait for the next flush.
    this.#timer.unref()
  }

  /** Applies every recorded delta now; resolves when the petitions have them. */
  async flush(): Promise<void> {
    // This flush takes what the scheduled one was for.
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    // One flush at a time in a process; across processes the DELETE decides.
    while (this.#flushing) await this.#flushing
    this.#flushing = this.#applyRecorded()
      .then((changed) => this.#tell(changed))
      .finally(() => (this.#flushing = null))
    await this.#flushing
  }

  /**
   * The petitions whose counts moved, once the flush's transaction has
   * committed: one event per flush, however many signatures it counted. A
   * listener's failure is logged, never the flush's: the counts are stored.
   */
  async #tell(petitionIds: number[]) {
    if (petitionIds.length === 0) return
    await PetitionChanged.dispatch(petitionIds, true).catch((error) =>
      logger.warn({ err: error }, 'a petition change listener failed')
    )
  }

  /** At shutdown: the flush this process was waiting for happens now. */
  async stop() {
    if (this.#flushing) await this.#flushing
    if (!this.#timer) return
    // A failed flush loses nothing: the rows wait for the next boot's flush.
    await this.flush().catch((error) =>
      logger.warn({ err: error }, 'signature counter flush at shutdown failed')
    )
  }

  /**
   * Takes the recorded rows by deleting them (a row another process took
   * meanwhile is no longer there to take, so no delta is applied twice) and
   * applies their sums in the same transaction: a failure leaves both as
   * they were, for the next flush.
   */
  async #applyRecorded(): Promise<number[]> {
    return db.transaction(async (trx) => {
      const rows = rowsOf<DeltaRow>(
        await trx.rawQuery(`DELETE FROM ${DELTAS} RETURNING petition_id, support, oppose`)
      )
      const sums = new Map<number, Delta>()
      for (const row of rows) {
        const sum = sums.get(Number(row.petition_id)) ?? { support: 0, oppose: 0 }
        sum.support += Number(row.support)
        sum.oppose += Number(row.oppose)
        sums.set(Number(row.petition_id), sum)
      }
      // Ascending ids: two processes flushing at once lock petitions in the same order.
      const petitionIds = [...sums.keys()].sort((a, b) => a - b)
      for (const petitionId of petitionIds) {
        await applyDelta(petitionId, sums.get(petitionId)!, trx)
      }
      await addToHourlyCounts(trx, petitionIds, sums)
      // A +1 and a -1 of the same side cancel out: that petition's counts did not move.
      return petitionIds.filter((id) => sums.get(id)!.support !== 0 || sums.get(id)!.oppose !== 0)
    })
  }
}

/**
 * One relative UPDATE (count = count + n): concurrent flushes of several
 * processes add up instead of overwriting each other. The first time support
 * reaches the target, the petition becomes successful.
 */
async function applyDelta(petitionId: number, delta: Delta, client: QueryClientContract) {
  const now = DateTime.utc().toFormat(client.dialect.dateTimeFormat)
  await client.rawQuery(
    `UPDATE petitions
        SET support_count = support_count + ?,
            oppose_count = oppose_count + ?,
            succeeded_at = CASE
              WHEN succeeded_at IS NULL AND support_count + ? >= target_signatures THEN ?
              ELSE succeeded_at END
      WHERE id = ?`,
    [delta.support, delta.oppose, delta.support, now, petitionId]
  )
}

/** Whole hours since 1970 (UTC): the key of the hourly counts. */
export function hourOf(time: number = DateTime.now().toMillis()) {
  return Math.floor(time / 3_600_000)
}

/** Petitions per INSERT: three parameters each, far below any database's limit. */
const HOURLY_BATCH = 1000

/**
 * The signatures counted in this hour, per petition, for the trending list:
 * the flush adds the same sums it applies to the petitions, in the same
 * transaction, so the two never disagree. An upsert adds to the hour's row
 * (SQLite and PostgreSQL share the syntax); an uncounted signature
 * subtracts from the hour it is uncounted in.
 */
async function addToHourlyCounts(
  client: QueryClientContract,
  petitionIds: number[],
  sums: Map<number, Delta>
) {
  const hour = hourOf()
  const rows = petitionIds
    .map((id) => [id, hour, sums.get(id)!.support + sums.get(id)!.oppose])
    .filter(([, , count]) => count !== 0)
  for (let start = 0; start < rows.length; start += HOURLY_BATCH) {
    const batch = rows.slice(start, start + HOURLY_BATCH)
    await client.rawQuery(
      `INSERT INTO petition_hourly_signatures (petition_id, hour, count)
       VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}
       ON CONFLICT (petition_id, hour)
       DO UPDATE SET count = petition_hourly_signatures.count + excluded.count`,
      batch.flat()
    )
  }
}

/** Hours of a petition's history kept one by one from its first counted signature: 7 days. */
export const HOURLY_HISTORY_HOURS = 7 * 24

/**
 * Hourly counts older than `keepHours` (the trending list reads 24, the
 * owner's page 48) fold into daily counts, except those of a petition's
 * first 7 days, which its history keeps by the hour. Sums move in one
 * transaction, so a count is never in both tables nor in neither; the
 * flush only writes the current hour, far from those folded.
 */
export async function foldHourlyCounts(keepHours = 48) {
  const before = hourOf() - keepHours
  // A row past the first 7 days of its petition's hourly history.
  const pastFirstWeek = `hour >= (SELECT MIN(earliest.hour) FROM petition_hourly_signatures earliest
      WHERE earliest.petition_id = petition_hourly_signatures.petition_id) + ${HOURLY_HISTORY_HOURS}`
  await db.transaction(async (trx) => {
    await trx.rawQuery(
      `INSERT INTO petition_daily_signatures (petition_id, day, count)
       SELECT petition_id, hour / 24, SUM(count) FROM petition_hourly_signatures
       WHERE hour < ? AND ${pastFirstWeek}
       GROUP BY petition_id, hour / 24
       ON CONFLICT (petition_id, day)
       DO UPDATE SET count = petition_daily_signatures.count + excluded.count`,
      [before]
    )
    await trx.rawQuery(
      `DELETE FROM petition_hourly_signatures WHERE hour < ? AND ${pastFirstWeek}`,
      [before]
    )
  })
}

function dateTimeFormat() {
  return db.connection().dialect.dateTimeFormat
}

/**
 * Rebuilds the counters of one petition, or of all, from the signature rows
 * (the recount command): one grouped count over the signatures, then an
 * UPDATE only where a petition's counters differ. Recorded deltas are
 * flushed first so that they are not applied on top of it.
 */
export async function recountSignatures(petitionId?: number) {
  await signatureCounter.flush()
  const petitions = await Petition.query()
    .if(petitionId, (query) => query.where('id', petitionId!))
    .select('id', 'support_count', 'oppose_count', 'target_signatures', 'succeeded_at')
  const counted = await countedSignatures(petitionId)
  let changed = 0
  for (const petition of petitions) {
    const { support, oppose } = counted.get(petition.id) ?? { support: 0, oppose: 0 }
    if (support === petition.supportCount && oppose === petition.opposeCount) continue
    const succeeded =
      support >= petition.targetSignatures ? (petition.succeededAt ?? DateTime.utc()) : null
    // A query, not the model: a recount is no edit of the petition (updated_at stays).
    await db.transaction(async (trx) => {
      await Petition.query({ client: trx })
        .where('id', petition.id)
        .update({
          support_count: support,
          oppose_count: oppose,
          succeeded_at: succeeded ? succeeded.toFormat(dateTimeFormat()) : null,
        })
      PetitionChanged.afterCommit(trx, petition.id)
    })
    changed++
  }
  return { petitions: petitions.length, changed }
}

/** Confirmed, active signatures per petition, split by side. */
async function countedSignatures(petitionId?: number) {
  const rows: Array<{ petition_id: number; support: number | string; oppose: number | string }> =
    await db
      .from('signatures')
      .if(petitionId, (query) => query.where('petition_id', petitionId!))
      .where('active', true)
      .whereNotNull('confirmed_at')
      .groupBy('petition_id')
      .select(
        'petition_id',
        db.raw('sum(case when score > 0 then 1 else 0 end) as support'),
        db.raw('sum(case when score > 0 then 0 else 1 end) as oppose')
      )
  return new Map(
    rows.map((row) => [
      Number(row.petition_id),
      { support: Number(row.support), oppose: Number(row.oppose) },
    ])
  )
}

export const signatureCounter = new SignatureCounter()
