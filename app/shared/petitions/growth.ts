import type { TimeSpan } from '#shared/time_axis'

/**
 * How a petition grew, as its page and its delivery package both draw it:
 * from the steps of its history (history.json), the stretch of its life
 * and the line of its total over it. Keep this file free of server imports.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** The hours of a petition's first week and its last 48 hours are kept one by one; the rest by day. */
const HOURLY_DAYS = 7
const RECENT_MS = 48 * HOUR_MS
/** The shortest axis: a petition signed in its first minutes still spans a quarter of an hour. */
const SHORTEST_LIFE_MS = 15 * 60_000

/**
 * One step of a petition's history: when it began (ISO), the confirmed
 * online signatures it added (withdrawals subtracted, so it may be
 * negative), the paper signatures verified in it, the petition's total
 * after it (the last step's total is the petition's count), and of
 * `confirmed`, those whose signer verified their identity.
 */
export type HistoryPoint = {
  at: string
  confirmed: number
  paper: number
  total: number
  verified: number
}

/**
 * Whether the step starting at `at` (ms) is a day: past its petition's
 * first week (`first`: its first step) and older than the last 48 hours,
 * hours are folded into days starting at midnight UTC.
 */
export function isDailyStep(at: number, first: number, now: number) {
  return at % DAY_MS === 0 && at >= first + HOURLY_DAYS * DAY_MS && at < now - RECENT_MS
}

/** The step a count at `at` (ms) belongs to: its hour, or its day where hours are folded. */
export function stepStart(at: number, first: number, now: number) {
  const hour = Math.floor(at / HOUR_MS) * HOUR_MS
  const day = Math.floor(at / DAY_MS) * DAY_MS
  return hour >= first + HOURLY_DAYS * DAY_MS && hour < now - RECENT_MS ? day : hour
}

/** The total before the history's first step: signatures counted before it was kept (0 for most). */
export function totalBefore(steps: HistoryPoint[]) {
  const [first] = steps
  return first ? first.total - first.confirmed - first.paper : 0
}

/**
 * The petition's life on the time axis: from its creation (or the start of
 * its first counted hour, which may come a little before) to now, or to
 * when signing closed; at least a quarter of an hour.
 */
export function petitionLife(
  created: number,
  closed: number | null,
  steps: HistoryPoint[],
  now: number
): TimeSpan {
  const firstStep = steps.length > 0 ? Date.parse(steps[0].at) : created
  const lastStep = steps.length > 0 ? Date.parse(steps[steps.length - 1].at) : created
  // A withdrawal counted after closing is still part of its story.
  const to = Math.min(now, Math.max(closed ?? now, lastStep))
  return { from: Math.min(created, firstStep, to - SHORTEST_LIFE_MS), to }
}

/** A point of the line: when (ms), and the petition's total then. */
export type GrowthPoint = { at: number; total: number }

/**
 * The line of the petition's total across its life: from the total before
 * its history at the start, flat where nothing was counted, rising across
 * each step (an hour, or a day) to the total after it, and on to the end of
 * the axis, where it is the petition's count. Times only go forward.
 */
export function growthPoints(steps: HistoryPoint[], life: TimeSpan, now: number): GrowthPoint[] {
  if (steps.length === 0) return []
  const first = Date.parse(steps[0].at)
  const points: GrowthPoint[] = [{ at: life.from, total: totalBefore(steps) }]
  const last = () => points[points.length - 1]
  const add = (at: number, total: number) => {
    const end = Math.min(Math.max(at, last().at), life.to)
    if (end > last().at) points.push({ at: end, total })
    else last().total = total
  }
  for (const step of steps) {
    const at = Date.parse(step.at)
    const length = isDailyStep(at, first, now) ? DAY_MS : HOUR_MS
    add(at, last().total)
    add(at + length, step.total)
  }
  add(life.to, last().total)
  return points
}
