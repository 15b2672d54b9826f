/**
 * The dates under a chart's time axis, for the pages (uPlot) and the PDFs
 * alike: keep this file free of server imports.
 */

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** A stretch of time (ms since 1970). */
export type TimeSpan = { from: number; to: number }

/** A tick of the axis: when, and its label (a second line, after "\n", names its day or year). */
export type AxisTick = { at: number; label: string }

type Unit = 'minute' | 'hour' | 'day' | 'month' | 'year'

/** The steps between ticks, finest first. */
const STEPS: Array<[Unit, number]> = [
  ['minute', 1],
  ['minute', 2],
  ['minute', 5],
  ['minute', 10],
  ['minute', 15],
  ['minute', 30],
  ['hour', 1],
  ['hour', 2],
  ['hour', 3],
  ['hour', 6],
  ['hour', 12],
  ['day', 1],
  ['day', 2],
  ['day', 7],
  ['day', 14],
  ['month', 1],
  ['month', 2],
  ['month', 3],
  ['month', 6],
  ['year', 1],
  ['year', 2],
  ['year', 5],
  ['year', 10],
  ['year', 25],
  ['year', 50],
]

/** Space between two labels, and the room each tick needs at least: a phone gets fewer. */
const LABEL_GAP = 12
const TICK_SPACE = 64

/** The finest unit worth naming: hours under two days, days under three months, months under three years. */
function finestUnit(span: TimeSpan): Unit {
  const length = span.to - span.from
  if (length <= 2 * DAY_MS) return 'minute'
  if (length <= 92 * DAY_MS) return 'day'
  if (length <= 3 * 366 * DAY_MS) return 'month'
  return 'year'
}

type Parts = [year: number, month: number, day: number, hour: number, minute: number]

/** Calendar parts of an instant and back, in the reader's time zone or in UTC. */
type Clock = {
  parts: (at: number) => Parts
  make: (year: number, month: number, day: number, hour?: number, minute?: number) => number
}

const LOCAL: Clock = {
  parts: (at) => {
    const date = new Date(at)
    return [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]
  },
  make: (year, month, day, hour = 0, minute = 0) =>
    new Date(year, month, day, hour, minute).getTime(),
}

const UTC: Clock = {
  parts: (at) => {
    const date = new Date(at)
    return [
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      date.getUTCHours(),
      date.getUTCMinutes(),
    ]
  },
  make: (year, month, day, hour = 0, minute = 0) => Date.UTC(year, month, day, hour, minute),
}

/** How an axis writes its dates, in one language: built once per chart. */
export type TimeAxis = {
  clock: Clock
  /** Each unit's label, and the day or year that places it. */
  labels: Record<Unit, { main: Intl.DateTimeFormat; context: Intl.DateTimeFormat | null }>
}

/**
 * An axis in a language: in the reader's time zone (a page), or in UTC
 * (a document printed by the server, whose hours say so).
 */
export function timeAxis(locale: string, utc = false): TimeAxis {
  const zone = utc ? { timeZone: 'UTC' } : {}
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...(utc ? { timeZone: 'UTC', timeZoneName: 'short' } : {}),
  })
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...zone })
  const month = new Intl.DateTimeFormat(locale, { month: 'short', ...zone })
  const year = new Intl.DateTimeFormat(locale, { year: 'numeric', ...zone })
  return {
    clock: utc ? UTC : LOCAL,
    labels: {
      minute: { main: time, context: day },
      hour: { main: time, context: day },
      day: { main: day, context: year },
      month: { main: month, context: year },
      year: { main: year, context: null },
    },
  }
}

/** The instants of a step from the one at or before `from`, in order, until past `to`. */
function* stepTimes(unit: Unit, count: number, span: TimeSpan, clock: Clock) {
  const [year, month, day, hour, minute] = clock.parts(span.from)
  const floor = (value: number) => Math.floor(value / count) * count
  for (let index = 0; ; index++) {
    if (unit === 'day' && count > 1) {
      // Days of the month (1, 8, 15, 22): the pattern starts again with each month.
      for (let date = 1; date + count <= 29; date += count) {
        const at = clock.make(year, month + index, date)
        if (at > span.to) return
        yield at
      }
      continue
    }
    const at =
      unit === 'minute'
        ? clock.make(year, month, day, hour, floor(minute) + index * count)
        : unit === 'hour'
          ? clock.make(year, month, day, floor(hour) + index * count)
          : unit === 'day'
            ? clock.make(year, month, day + index)
            : unit === 'month'
              ? clock.make(year, floor(month) + index * count, 1)
              : clock.make(floor(year) + index * count, 0, 1)
    if (at > span.to) return
    yield at
  }
}

/**
 * Labels of ticks of one unit: the first names its day (or year) too, and
 * so does each tick where that changed; when a text would come twice (the
 * same hour on two days), every tick names it, so that no two labels read
 * the same.
 */
function labelled(times: number[], unit: Unit, axis: TimeAxis): AxisTick[] {
  const { main, context } = axis.labels[unit]
  const texts = times.map((at) => main.format(at))
  const places = times.map((at) => context?.format(at) ?? null)
  const repeated = new Set(texts).size < texts.length
  return times.map((at, index) => {
    const place = places[index]
    const named = place !== null && (repeated || index === 0 || place !== places[index - 1])
    return { at, label: named ? `${texts[index]}\n${place}` : texts[index] }
  })
}

export type AxisRoom = {
  /** The plot's width, in the unit `measure` gives. */
  width: number
  /** A label's width (its widest line). */
  measure: (text: string) => number
  /** How far a label may reach outside the plot, left and right. */
  outside?: { left: number; right: number }
}

/**
 * The ticks of a time axis over `span`: the finest step, of a unit that
 * suits the span's length, whose labels all fit side by side with room
 * between them (so a narrow chart gets fewer), none reaching past the
 * chart's edges. Nothing when not even one fits.
 */
export function axisTicks(span: TimeSpan, axis: TimeAxis, room: AxisRoom): AxisTick[] {
  const { width, measure, outside = { left: 0, right: 0 } } = room
  const length = span.to - span.from
  if (!(length > 0) || !(width > 0)) return []
  const most = Math.max(2, Math.floor(width / TICK_SPACE))
  const xOf = (at: number) => ((at - span.from) / length) * width
  const half = (tick: AxisTick) => Math.max(...tick.label.split('\n').map(measure)) / 2
  const inside = (tick: AxisTick) =>
    xOf(tick.at) - half(tick) >= -outside.left && xOf(tick.at) + half(tick) <= width + outside.right
  const finest = finestUnit(span)
  for (const [unit, count] of STEPS.slice(STEPS.findIndex(([name]) => name === finest))) {
    const times: number[] = []
    for (const at of stepTimes(unit, count, span, axis.clock)) {
      if (at >= span.from) times.push(at)
      if (times.length > most) break
    }
    if (times.length === 0 || times.length > most) continue
    // Labels again once those cut at the edges are gone: the first one names its day.
    const kept = labelled(times, unit, axis)
      .filter(inside)
      .map((tick) => tick.at)
    const ticks = labelled(kept, unit, axis)
    if (ticks.length === 0 || !ticks.every(inside)) continue
    const apart = ticks.every(
      (tick, index) =>
        index === 0 ||
        xOf(tick.at) - half(tick) - (xOf(ticks[index - 1].at) + half(ticks[index - 1])) >= LABEL_GAP
    )
    if (apart) return ticks
  }
  return []
}
