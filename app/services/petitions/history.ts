import db from '@adonisjs/lucid/services/db'
import { csvRow } from '#support/csv'
import { hourOf } from '#services/signatures/counter'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** One step of a petition's history: when it began, what it added, and the total after it. */
export type HistoryPoint = { at: string; confirmed: number; total: number }

/**
 * How a petition grew: its confirmed signatures counted per hour (its first
 * 7 days and the last 48 hours) and per day (the rest), oldest first, each
 * with the running total. Withdrawn signatures are subtracted in the step
 * they were withdrawn. Two queries on the counts the flush keeps, whatever
 * the number of signatures.
 */
export async function petitionHistory(petitionId: number): Promise<HistoryPoint[]> {
  const [hours, days] = await Promise.all([
    db.from('petition_hourly_signatures').where('petition_id', petitionId).select('hour', 'count'),
    db.from('petition_daily_signatures').where('petition_id', petitionId).select('day', 'count'),
  ])
  const steps = [
    ...hours.map((row) => ({ at: Number(row.hour) * HOUR_MS, confirmed: Number(row.count) })),
    ...days.map((row) => ({ at: Number(row.day) * DAY_MS, confirmed: Number(row.count) })),
  ].sort((a, b) => a.at - b.at)
  let total = 0
  return steps.map((step) => {
    total += step.confirmed
    return { at: new Date(step.at).toISOString(), confirmed: step.confirmed, total }
  })
}

/** The history as a spreadsheet: the same columns as the JSON. */
export function historyCsv(points: HistoryPoint[]) {
  const columns = ['at', 'confirmed', 'total'] as const
  return csvRow([...columns]) + points.map((point) => csvRow(columns.map((c) => point[c]))).join('')
}

/** Hours the owner's page shows one by one: the last two days, as the hourly counts keep them. */
export const RECENT_HOURS = 48

/** One hour of the owner's chart: when it began and the signatures it counted. */
export type HourCount = { at: string; count: number }

/**
 * The petition's confirmed signatures in each of the last 48 hours, the
 * current one last, hours without any included as 0 (a withdrawal can
 * leave an hour below 0). One indexed query on the hourly counts, which
 * keep at least these 48 hours of every petition.
 */
export async function recentHours(petitionId: number, now = hourOf()): Promise<HourCount[]> {
  const first = now - RECENT_HOURS + 1
  const rows = await db
    .from('petition_hourly_signatures')
    .where('petition_id', petitionId)
    .whereBetween('hour', [first, now])
    .select('hour', 'count')
  const counts = new Map(rows.map((row) => [Number(row.hour), Number(row.count)]))
  return Array.from({ length: RECENT_HOURS }, (_, index) => ({
    at: new Date((first + index) * HOUR_MS).toISOString(),
    count: counts.get(first + index) ?? 0,
  }))
}
