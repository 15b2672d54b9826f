import db from '@adonisjs/lucid/services/db'
import type Petition from '#models/petition'
import { csvRow } from '#support/csv'
import { storedDateTime } from '#support/stored_dates'
import { hourOf } from '#shared/hours'
import { growthPoints, petitionLife, stepStart, type HistoryPoint } from '#shared/petitions/growth'

export type { HistoryPoint } from '#shared/petitions/growth'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** What the history reads of a petition: its counts, which its last total is. */
type CountedPetition = Pick<Petition, 'id' | 'supportCount' | 'opposeCount'>

/**
 * How a petition grew: its confirmed signatures counted per hour (its first
 * 7 days and the last 48 hours) and per day (the rest), and its verified
 * paper batches in the step a moderator verified them, oldest first. Each
 * step has the petition's total after it, so that the last one is its count
 * (support and opposition, online and on paper), as its page says it:
 * signatures counted before the history was kept (a recount, an import)
 * are in the total from the first step on. Each step also says how many of
 * its online signatures carry a verified identity. Withdrawn signatures are
 * subtracted in the step they were withdrawn. Three queries on the counts
 * the flush and the moderators' decisions keep, whatever the number of
 * signatures.
 */
export async function petitionHistory(
  petition: CountedPetition,
  now = Date.now()
): Promise<HistoryPoint[]> {
  const [hours, days, batches] = await Promise.all([
    db
      .from('petition_hourly_signatures')
      .where('petition_id', petition.id)
      .select('hour', 'count', 'verified'),
    db
      .from('petition_daily_signatures')
      .where('petition_id', petition.id)
      .select('day', 'count', 'verified'),
    db
      .from('paper_signature_batches')
      .where('petition_id', petition.id)
      .where('status', 'verified')
      .whereNotNull('decided_at')
      .select('signatures', 'decided_at'),
  ])
  const online = [
    ...hours.map((row) => ({ at: Number(row.hour) * HOUR_MS, ...onlineCounts(row) })),
    ...days.map((row) => ({ at: Number(row.day) * DAY_MS, ...onlineCounts(row) })),
  ]
  const paper = batches.map((row) => ({
    at: storedDateTime(row.decided_at)!.toMillis(),
    signatures: Number(row.signatures),
  }))
  const first = Math.min(
    ...online.map((step) => step.at),
    ...paper.map((batch) => Math.floor(batch.at / HOUR_MS) * HOUR_MS)
  )
  const steps = new Map<number, { confirmed: number; paper: number; verified: number }>()
  const stepAt = (at: number) => {
    const step = steps.get(at) ?? { confirmed: 0, paper: 0, verified: 0 }
    steps.set(at, step)
    return step
  }
  for (const step of online) {
    stepAt(step.at).confirmed += step.confirmed
    stepAt(step.at).verified += step.verified
  }
  for (const batch of paper) stepAt(stepStart(batch.at, first, now)).paper += batch.signatures
  const ordered = [...steps].sort(([a], [b]) => a - b)
  const counted = ordered.reduce((sum, [, step]) => sum + step.confirmed + step.paper, 0)
  let total = petition.supportCount + petition.opposeCount - counted
  return ordered.map(([at, step]) => {
    total += step.confirmed + step.paper
    const { confirmed, verified } = step
    return { at: new Date(at).toISOString(), confirmed, paper: step.paper, total, verified }
  })
}

/** An hourly or daily row's online signatures, and those of them verified. */
function onlineCounts(row: { count: number | string; verified: number | string }) {
  return { confirmed: Number(row.count), verified: Number(row.verified) }
}

/** The history as a spreadsheet: the same columns as the JSON (`verified`, added later, last). */
export function historyCsv(points: HistoryPoint[]) {
  const columns = ['at', 'confirmed', 'paper', 'total', 'verified'] as const
  return csvRow([...columns]) + points.map((point) => csvRow(columns.map((c) => point[c]))).join('')
}

/**
 * What the petition's growth chart draws, on its page (from history.json)
 * and in its delivery package alike: its life and the line of its total.
 */
export async function petitionGrowth(
  petition: CountedPetition & Pick<Petition, 'createdAt' | 'closedAt'>,
  now = Date.now()
) {
  const steps = await petitionHistory(petition, now)
  const life = petitionLife(
    petition.createdAt.toMillis(),
    petition.closedAt?.toMillis() ?? null,
    steps,
    now
  )
  return { steps, life, points: growthPoints(steps, life, now) }
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
