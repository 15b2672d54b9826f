import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { minuteOf, signatureIdBefore } from '#services/fraud/signing_marks'
import {
  TOP_GROUPS,
  WINDOW_MINUTES,
  type GroupCount,
  type MinuteCount,
  type SigningTrends,
  type TrendWindow,
} from '#shared/fraud/signing_trends'
import { petitionSigningTrends } from '#runtime/caches/process_caches'

/**
 * How a petition is being signed, for its moderators: in the last hour and
 * the last day, its signatures per network (the keyed hash, never an
 * address) and per e-mail domain, the largest first, each with its share of
 * the window's signatures and its own unconfirmed share, and the signatures
 * of each minute. Every signature stored in the window counts, confirmed or
 * not, counted or not: an attack shows whatever became of it.
 *
 * The rows are read by the (petition_id, id) index from the id of the
 * signing marks (signing_marks.ts), so signing pays for no index on dates.
 */

const UNCONFIRMED = 'SUM(CASE WHEN confirmed_at IS NULL THEN 1 ELSE 0 END)'

/** A row's minute (whole minutes since 1970), in each database's words. */
function minuteSql() {
  return db.connection().dialect.name === 'postgres'
    ? 'CAST(FLOOR(EXTRACT(EPOCH FROM created_at) / 60) AS BIGINT)'
    : "CAST(strftime('%s', created_at) AS INTEGER) / 60"
}

/** The signatures of a petition in a window: above `afterId`, dated from `since`. */
export function signaturesOfWindow(petitionId: number, afterId: number, since: DateTime) {
  return db
    .from('signatures')
    .where('petition_id', petitionId)
    .where('id', '>', afterId)
    .where('created_at', '>=', since.toFormat(db.connection().dialect.dateTimeFormat))
}

type CountRow = { subject: string; signatures: number | string; unconfirmed: number | string }

/**
 * The largest groups by `column` (network_hash or email_domain) of a
 * window, without those of `except`.
 */
export async function groupCounts(
  petitionId: number,
  afterId: number,
  since: DateTime,
  column: 'network_hash' | 'email_domain',
  limit: number,
  except: Iterable<string> = []
): Promise<GroupCount[]> {
  const excluded = [...except]
  const rows = (await signaturesOfWindow(petitionId, afterId, since)
    .whereNotNull(column)
    .if(excluded.length > 0, (query) => query.whereNotIn(column, excluded))
    .select(
      `${column} as subject`,
      db.raw('COUNT(*) AS signatures'),
      db.raw(`${UNCONFIRMED} AS unconfirmed`)
    )
    .groupBy(column)
    .orderByRaw(`COUNT(*) DESC, ${column} ASC`)
    .limit(limit)) as CountRow[]
  return rows.map((row) => ({
    subject: row.subject,
    signatures: Number(row.signatures),
    unconfirmed: Number(row.unconfirmed),
  }))
}

/** A window's signatures per minute (the minutes with any). */
async function minuteCounts(petitionId: number, afterId: number, since: DateTime) {
  const minute = minuteSql()
  const rows = (await signaturesOfWindow(petitionId, afterId, since)
    .select(
      db.raw(`${minute} AS minute`),
      db.raw('COUNT(*) AS signatures'),
      db.raw(`${UNCONFIRMED} AS unconfirmed`)
    )
    .groupByRaw(minute)) as Array<Record<keyof MinuteCount, number | string>>
  return rows
    .map((row) => ({
      minute: Number(row.minute),
      signatures: Number(row.signatures),
      unconfirmed: Number(row.unconfirmed),
    }))
    .sort((a, b) => a.minute - b.minute)
}

/**
 * Both windows, each from the start of a whole minute (the current minute
 * and the 59, or 1,439, before it), so that the hour's minutes are the
 * day's last 60 and one grouping by minute serves both.
 */
export async function signingTrends(
  petitionId: number,
  at: DateTime = DateTime.utc()
): Promise<SigningTrends> {
  const minute = minuteOf(at)
  const windowOf = async (window: TrendWindow, minutes?: MinuteCount[]) => {
    const from = minute - WINDOW_MINUTES[window] + 1
    const since = DateTime.fromMillis(from * 60_000, { zone: 'utc' })
    const afterId = await signatureIdBefore(since)
    const [networks, domains, counts] = await Promise.all([
      groupCounts(petitionId, afterId, since, 'network_hash', TOP_GROUPS),
      groupCounts(petitionId, afterId, since, 'email_domain', TOP_GROUPS),
      minutes
        ? minutes.filter((count) => count.minute >= from)
        : minuteCounts(petitionId, afterId, since),
    ])
    const inWindow = counts.filter((count) => count.minute >= from && count.minute <= minute)
    return {
      from,
      signatures: inWindow.reduce((sum, count) => sum + count.signatures, 0),
      unconfirmed: inWindow.reduce((sum, count) => sum + count.unconfirmed, 0),
      networks,
      domains,
      minutes: inWindow,
    }
  }
  const day = await windowOf('day')
  const hour = await windowOf('hour', day.minutes)
  return { at, minute, hour, day }
}

/**
 * The trends of a petition, reused for a few seconds by the process
 * (runtime/caches/process_caches; known by its guid too: a test database
 * that starts again reuses ids).
 */
export function cachedSigningTrends(petition: { id: number; guid: string }) {
  return petitionSigningTrends.get(`${petition.id}:${petition.guid}`, () =>
    signingTrends(petition.id)
  )
}
