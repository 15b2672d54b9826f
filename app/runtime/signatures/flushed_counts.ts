import { DateTime } from 'luxon'
import { hourOf } from '#shared/hours'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** The counts waiting for the flush: one row per change, written in the change's transaction. */
export const DELTAS = 'signature_count_deltas'

/**
 * What a flush of the signature counter writes, from the delta rows it
 * took: the petitions' counters, their hourly and by-country counts, and
 * invalidations' public counts (see `SignatureCounter` in counter.ts).
 */

export type Delta = { support: number; oppose: number }

export const ZERO: Delta = { support: 0, oppose: 0 }

/**
 * Confirmed signatures that do not count, by why: `stopped` by a
 * moderators' rule at signing, `deactivated` by the petition's owner.
 */
export type Uncounted = 'stopped' | 'deactivated'

export type DeltaRow = {
  id: number | string
  petition_id: number | string
  country: string
  support: number | string
  oppose: number | string
  stopped: number | string
  deactivated: number | string
  /** Of the support or opposition it moves, its signatures with a verified identity. */
  verified: number | string
  invalidation_id: number | string | null
  /** An online signature's commitment (its leaf in the transparency log carries it). */
  commitment: string | null
  /** A confirmation's or withdrawal's signature, for the petition's webhooks. */
  signature_id?: number | string | null
  signature_change?: 'confirmed' | 'withdrawn' | null
  /** A withdrawn signature's record columns (JSON): its row is gone. */
  signature_kept?: string | null
}

/** A flush's sums for one petition: its counted sides, how many of them verified, its uncounted ones. */
export type FlushedSums = Delta & Record<Uncounted, number> & { verified: number }

/** What one hour's count of a petition adds: its signatures, and those of them verified. */
export type HourlySums = Delta & { verified: number }

type Removal = Delta & { petitionId: number }

/**
 * A flush's rows summed: per petition (its counts and its uncounted
 * signatures), per petition and country, and per invalidation (signatures of
 * its rows confirmed after it: no count of the petition moves for them).
 */
export function sumDeltas(rows: DeltaRow[]) {
  const sums = new Map<number, FlushedSums>()
  const byCountry = new Map<string, CountryDelta>()
  const removals = new Map<number, Removal>()
  for (const row of rows) {
    const petitionId = Number(row.petition_id)
    const support = Number(row.support)
    const oppose = Number(row.oppose)
    if (row.invalidation_id !== null && row.invalidation_id !== undefined) {
      const id = Number(row.invalidation_id)
      const removal = removals.get(id) ?? { petitionId, support: 0, oppose: 0 }
      removal.support += support
      removal.oppose += oppose
      removals.set(id, removal)
      continue
    }
    const sum = sums.get(petitionId) ?? {
      support: 0,
      oppose: 0,
      stopped: 0,
      deactivated: 0,
      verified: 0,
    }
    sum.support += support
    sum.oppose += oppose
    sum.stopped += Number(row.stopped)
    sum.deactivated += Number(row.deactivated)
    sum.verified += Number(row.verified ?? 0)
    sums.set(petitionId, sum)
    const key = `${petitionId}:${row.country}`
    const countrySum = byCountry.get(key) ?? { petitionId, country: row.country, ...ZERO }
    countrySum.support += support
    countrySum.oppose += oppose
    byCountry.set(key, countrySum)
  }
  return { sums, byCountry, removals }
}

/**
 * Invalidations' public counts take in their rows confirmed since, in
 * ascending ids, after the petitions' rows (the order an undo locks them
 * in). An undone one keeps the count it had.
 */
export async function addToInvalidations(
  client: QueryClientContract,
  removals: Map<number, Removal>
) {
  for (const id of [...removals.keys()].sort((a, b) => a - b)) {
    const { support, oppose } = removals.get(id)!
    await client.rawQuery(
      `UPDATE signature_invalidations
          SET support_removed = support_removed + ?, oppose_removed = oppose_removed + ?
        WHERE id = ? AND undone_at IS NULL`,
      [support, oppose, id]
    )
  }
}

/**
 * The SET clause that makes a petition successful the first time its
 * support, after adding the first parameter, reaches its target; the
 * second parameter is the moment (stored format).
 */
export const SUCCEEDED_ONCE_SUPPORT_REACHES_TARGET = `succeeded_at = CASE
              WHEN succeeded_at IS NULL AND support_count + ? >= target_signatures THEN ?
              ELSE succeeded_at END`

/**
 * One relative UPDATE (count = count + n): concurrent flushes of several
 * processes add up instead of overwriting each other. The first time support
 * reaches the target, the petition becomes successful. A petition whose
 * counts the log recorded in this flush corresponds to its new size.
 */
export async function applyDelta(
  petitionId: number,
  delta: FlushedSums,
  client: QueryClientContract,
  logTreeSize: number | null
) {
  const now = DateTime.utc().toFormat(client.dialect.dateTimeFormat)
  await client.rawQuery(
    `UPDATE petitions
        SET support_count = support_count + ?,
            oppose_count = oppose_count + ?,
            stopped_count = stopped_count + ?,
            deactivated_count = deactivated_count + ?,
            verified_count = verified_count + ?,
            ${logTreeSize === null ? '' : 'log_tree_size = ?,'}
            ${SUCCEEDED_ONCE_SUPPORT_REACHES_TARGET}
      WHERE id = ?`,
    [
      delta.support,
      delta.oppose,
      delta.stopped,
      delta.deactivated,
      delta.verified,
      ...(logTreeSize === null ? [] : [logTreeSize]),
      delta.support,
      now,
      petitionId,
    ]
  )
}

/** Petitions per INSERT: four parameters each, far below any database's limit. */
const HOURLY_BATCH = 1000

/**
 * The signatures counted in this hour, per petition, for the trending list:
 * the flush adds the same sums it applies to the petitions, in the same
 * transaction, so the two never disagree. An upsert adds to the hour's row
 * (SQLite and PostgreSQL share the syntax); an uncounted signature
 * subtracts from the hour it is uncounted in.
 */
export async function addToHourlyCounts(
  client: QueryClientContract,
  petitionIds: number[],
  sums: Map<number, HourlySums>
) {
  const hour = hourOf()
  const rows = petitionIds
    .map((id) => {
      const { support, oppose, verified } = sums.get(id)!
      return [id, hour, support + oppose, verified]
    })
    .filter(([, , count, verified]) => count !== 0 || verified !== 0)
  for (let start = 0; start < rows.length; start += HOURLY_BATCH) {
    const batch = rows.slice(start, start + HOURLY_BATCH)
    await client.rawQuery(
      `INSERT INTO petition_hourly_signatures (petition_id, hour, count, verified)
       VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}
       ON CONFLICT (petition_id, hour)
       DO UPDATE SET count = petition_hourly_signatures.count + excluded.count,
                     verified = petition_hourly_signatures.verified + excluded.verified`,
      batch.flat()
    )
  }
}

export type CountryDelta = Delta & { petitionId: number; country: string }

/** Countries per INSERT: four parameters each. */
export const COUNTRY_BATCH = 500

/**
 * The flush's sums per petition and country, added to the counts by country
 * in its transaction, so they move with the petition's totals and never
 * disagree with them. Ascending keys: concurrent flushes lock rows in one
 * order.
 */
export async function addToCountryCounts(client: QueryClientContract, deltas: CountryDelta[]) {
  const rows = deltas
    .filter(({ support, oppose }) => support !== 0 || oppose !== 0)
    .sort((a, b) => a.petitionId - b.petitionId || a.country.localeCompare(b.country))
    .map(({ petitionId, country, support, oppose }) => [petitionId, country, support, oppose])
  for (let start = 0; start < rows.length; start += COUNTRY_BATCH) {
    const batch = rows.slice(start, start + COUNTRY_BATCH)
    await client.rawQuery(
      `INSERT INTO petition_country_signatures (petition_id, country, support, oppose)
       VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}
       ON CONFLICT (petition_id, country)
       DO UPDATE SET support = petition_country_signatures.support + excluded.support,
                     oppose = petition_country_signatures.oppose + excluded.oppose`,
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
      `INSERT INTO petition_daily_signatures (petition_id, day, count, verified)
       SELECT petition_id, hour / 24, SUM(count), SUM(verified) FROM petition_hourly_signatures
       WHERE hour < ? AND ${pastFirstWeek}
       GROUP BY petition_id, hour / 24
       ON CONFLICT (petition_id, day)
       DO UPDATE SET count = petition_daily_signatures.count + excluded.count,
                     verified = petition_daily_signatures.verified + excluded.verified`,
      [before]
    )
    await trx.rawQuery(
      `DELETE FROM petition_hourly_signatures WHERE hour < ? AND ${pastFirstWeek}`,
      [before]
    )
  })
}
