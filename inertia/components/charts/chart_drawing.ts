import type { TimeSpan } from '@app/shared/time_axis.ts'
import {
  growthPoints,
  isDailyStep,
  petitionLife,
  totalBefore,
  type HistoryPoint,
} from '@app/shared/petitions/growth.ts'
import type { Row } from './chart_table.tsx'

export type { HistoryPoint } from '@app/shared/petitions/growth.ts'
/** hours.json's hours: the signatures each counted. */
export type HourCount = { at: string; count: number }
export type ChartPoints = HistoryPoint[] | HourCount[]
/** `history`: the total over the petition's life, a line; `hours`: each of the last 48 hours, bars. */
export type ChartVariant = 'history' | 'hours'
/** The petition a history is of: when it was created and when signing closed (ISO), its axis's ends. */
export type ChartLife = { created: string; closedAt: string | null }

const HOUR_MS = 3_600_000

/** What the chart draws: its table's rows, its time axis, the points of its line or bars. */
type Drawing = { rows: Row[]; span: TimeSpan; xs: number[]; ys: number[]; before: number }

/**
 * A history spans the petition's life and its line ends at the count its
 * page shows; the last 48 hours span those hours, a bar in the middle of each.
 */
export function drawingOf(
  variant: ChartVariant,
  points: ChartPoints,
  life: ChartLife | null,
  now: number
): Drawing | null {
  if (points.length === 0) return null
  if (variant === 'hours') {
    const rows = (points as HourCount[]).map((point) => ({
      at: Date.parse(point.at),
      daily: false,
      added: point.count,
      paper: 0,
      verified: 0,
      total: point.count,
    }))
    return {
      rows,
      span: { from: rows[0].at, to: rows[rows.length - 1].at + HOUR_MS },
      xs: rows.map((row) => row.at + HOUR_MS / 2),
      ys: rows.map((row) => row.added),
      before: 0,
    }
  }
  const steps = points as HistoryPoint[]
  const first = Date.parse(steps[0].at)
  const rows = steps.map((step) => {
    const at = Date.parse(step.at)
    const added = step.confirmed + step.paper
    const daily = isDailyStep(at, first, now)
    return { at, daily, added, paper: step.paper, verified: step.verified, total: step.total }
  })
  const span = petitionLife(
    life ? Date.parse(life.created) : first,
    life?.closedAt ? Date.parse(life.closedAt) : null,
    steps,
    now
  )
  const line = growthPoints(steps, span, now)
  return {
    rows,
    span,
    xs: line.map((point) => point.at),
    ys: line.map((point) => point.total),
    before: totalBefore(steps),
  }
}
