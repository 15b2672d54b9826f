import type { SourceDay } from '@app/shared/signature_sources.ts'

/** Sources drawn each with its own line: the largest; the rest are summed as one. */
export const CHARTED_SOURCES = 5

/** The summed line of the sources past the largest (not a code: it has a space). */
export const OTHER_SOURCES = 'other sources'

const DAY_MS = 86_400_000

export type SourcesDrawing = {
  /** Every UTC day from the first to the last (ms at midnight UTC), none skipped. */
  days: number[]
  /** One line per source, largest first, its count on each day. */
  lines: { source: string; counts: number[] }[]
}

/**
 * The chart's lines from the counts by day and source: the `top` sources
 * (`sources` is largest first) each on its own, the others summed, every
 * day of the span present (a day without signatures is a zero, not a gap).
 */
export function sourcesDrawing(
  sources: string[],
  byDay: SourceDay[],
  top = CHARTED_SOURCES
): SourcesDrawing | null {
  if (byDay.length === 0) return null
  const shown = sources.slice(0, top)
  const hasOther = sources.length > top
  const first = Date.parse(`${byDay[0].day}T00:00:00Z`)
  const last = Date.parse(`${byDay[byDay.length - 1].day}T00:00:00Z`)
  const days: number[] = []
  for (let at = first; at <= last; at += DAY_MS) days.push(at)
  const names = hasOther ? [...shown, OTHER_SOURCES] : shown
  const lines = names.map((source) => ({ source, counts: days.map(() => 0) }))
  const lineOf = new Map(lines.map((line) => [line.source, line]))
  for (const row of byDay) {
    const index = Math.round((Date.parse(`${row.day}T00:00:00Z`) - first) / DAY_MS)
    const line = lineOf.get(row.source) ?? lineOf.get(OTHER_SOURCES)
    if (line) line.counts[index] += row.confirmed
  }
  return { days, lines }
}
