import { useEffect, useMemo, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { useTranslation } from '~/i18n/context.tsx'

/** history.json's steps: what each hour or day added, and the total after it. */
export type HistoryPoint = { at: string; confirmed: number; total: number }
/** hours.json's hours: the signatures each counted. */
export type HourCount = { at: string; count: number }
export type ChartPoints = HistoryPoint[] | HourCount[]
/** `history`: the total over the petition's life, a line; `hours`: each of the last 48 hours, bars. */
export type ChartVariant = 'history' | 'hours'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** The hours of a petition's first week and its last 48 hours are kept one by one; the rest by day. */
const HOURLY_DAYS = 7
const RECENT_MS = 48 * HOUR_MS
const HEIGHT = 220

type Row = { at: number; daily: boolean; added: number; total: number }

/** The points as rows; a history's step is a day when it lies where hours are folded into days. */
function rowsOf(variant: ChartVariant, points: ChartPoints, now: number): Row[] {
  if (variant === 'hours') {
    return (points as HourCount[]).map((point) => ({
      at: Date.parse(point.at),
      daily: false,
      added: point.count,
      total: point.count,
    }))
  }
  const steps = points as HistoryPoint[]
  const first = steps.length ? Date.parse(steps[0].at) : 0
  return steps.map((point) => {
    const at = Date.parse(point.at)
    const daily = at % DAY_MS === 0 && at >= first + HOURLY_DAYS * DAY_MS && at < now - RECENT_MS
    return { at, daily, added: point.confirmed, total: point.total }
  })
}

/** Axis steps of whole signatures: 1, 2, 5, 10, 20, 50… */
const COUNT_STEPS = Array.from({ length: 10 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power)
).flat()

function cssColor(name: string, fallback: string) {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return value || fallback
}

/** A #rrggbb colour made see-through, for the area under the line. */
function translucent(color: string, alpha: number) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)
  if (!hex) return 'rgba(13, 110, 253, 0.15)'
  const [red, green, blue] = hex.slice(1).map((part) => Number.parseInt(part, 16))
  return `rgba(${red}, ${green}, ${blue}, ${alpha})`
}

/**
 * The chart drawn by uPlot on a canvas, with its text alternative: a
 * caption that sums it up and, behind a disclosure, the table of its
 * points. Dates and numbers are written in the page's language; hours in
 * the reader's time zone, days (counted in UTC) as UTC days.
 */
export default function SignaturesChart({
  variant,
  points,
  fetchedAt,
}: {
  variant: ChartVariant
  points: ChartPoints
  /** When the points were read (ms): which of a history's steps are days depends on it. */
  fetchedAt: number
}) {
  const { t, locale } = useTranslation()
  const rows = useMemo(() => rowsOf(variant, points, fetchedAt), [variant, points, fetchedAt])
  const canvas = useRef<HTMLDivElement>(null)
  const [tableOpen, setTableOpen] = useState(false)

  const formats = useMemo(() => {
    const number = new Intl.NumberFormat(locale)
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
    const hour = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
    return {
      number: (value: number) => number.format(value),
      when: (row: Row) => (row.daily ? day : hour).format(row.at),
      date: (row: Row) => (row.daily ? day : date).format(row.at),
      tickHour: new Intl.DateTimeFormat(locale, { hour: 'numeric' }),
      tickDay: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }),
      tickMonth: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }),
    }
  }, [locale])

  const drawn = rows.length > 0
  useEffect(() => {
    const target = canvas.current
    if (!target || !drawn) return
    const primary = cssColor('--bs-primary', '#0d6efd')
    const text = cssColor('--bs-body-color', '#212529')
    const grid = cssColor('--bs-border-color', '#dee2e6')
    const bars = variant === 'hours'
    const axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    }
    const options: uPlot.Options = {
      width: target.clientWidth || 600,
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: true },
        y: {
          range: (_chart, min, max) =>
            uPlot.rangeNum(Math.min(0, min), Math.max(1, max), 0.1, true) as uPlot.Range.MinMax,
        },
      },
      axes: [
        {
          ...axis,
          values: (_chart, splits, _axis, _space, increment) =>
            splits.map((seconds) => {
              const at = new Date(seconds * 1000)
              // Hour ticks name the day at midnight, so that a day's change shows.
              const format =
                increment < DAY_MS / 1000
                  ? at.getHours() === 0
                    ? formats.tickDay
                    : formats.tickHour
                  : increment < 28 * (DAY_MS / 1000)
                    ? formats.tickDay
                    : formats.tickMonth
              return format.format(at)
            }),
        },
        {
          ...axis,
          incrs: COUNT_STEPS,
          size: (_chart, values) =>
            values ? Math.max(...values.map((value) => value.length)) * 8 + 20 : 40,
          values: (_chart, splits) => splits.map((value) => formats.number(value)),
        },
      ],
      series: [
        {},
        bars
          ? {
              stroke: primary,
              fill: primary,
              width: 0,
              paths: uPlot.paths.bars!({ size: [0.7, 40] }),
              points: { show: false },
            }
          : {
              stroke: primary,
              width: 2,
              fill: translucent(primary, 0.15),
              // A single step is a dot: a line needs two.
              points: { show: rows.length < 2, size: 8, fill: primary },
            },
      ],
    }
    const data: uPlot.AlignedData = [
      rows.map((row) => row.at / 1000),
      rows.map((row) => (bars ? row.added : row.total)),
    ]
    const chart = new uPlot(options, data, target)
    const resize = new ResizeObserver(() => {
      if (target.clientWidth) chart.setSize({ width: target.clientWidth, height: HEIGHT })
    })
    resize.observe(target)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [drawn, rows, variant, formats])

  if (!drawn) {
    return (
      <p className="text-muted mb-0" data-testid="signatures-chart-empty">
        {t('page.growth.empty')}
      </p>
    )
  }

  const first = rows[0]
  const last = rows[rows.length - 1]
  const summary =
    variant === 'hours'
      ? rows.some((row) => row.added !== 0)
        ? t('page.growth.hours_summary', {
            total: rows.reduce((sum, row) => sum + row.added, 0),
            max: Math.max(...rows.map((row) => row.added)),
          })
        : t('page.growth.hours_none')
      : rows.length === 1
        ? t('page.growth.summary_single', { total: last.total, date: formats.date(last) })
        : t('page.growth.summary', {
            first: first.total,
            last: last.total,
            from: formats.date(first),
            to: formats.date(last),
          })

  return (
    <figure className="signatures-chart mb-0" data-testid="signatures-chart">
      {/* The canvas says nothing to a screen reader: the caption and the table do. */}
      <div ref={canvas} className="signatures-chart-canvas" aria-hidden="true" />
      <figcaption className="mt-2" data-testid="signatures-chart-summary">
        {summary}
      </figcaption>
      <details
        className="mt-2"
        onToggle={(event) => setTableOpen((event.target as HTMLDetailsElement).open)}
      >
        <summary data-testid="signatures-chart-figures">{t('page.growth.figures')}</summary>
        {tableOpen && (
          <div className="table-responsive signatures-chart-table mt-2">
            <table className="table table-sm mb-0" data-testid="signatures-chart-table">
              <thead>
                <tr>
                  <th scope="col">
                    {t(variant === 'hours' ? 'page.growth.hour' : 'page.growth.when')}
                  </th>
                  <th scope="col" className="text-end">
                    {t(variant === 'hours' ? 'page.growth.signatures' : 'page.growth.added')}
                  </th>
                  {variant === 'history' && (
                    <th scope="col" className="text-end">
                      {t('page.growth.total')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.at}>
                    <th scope="row" className="fw-normal">
                      <time dateTime={new Date(row.at).toISOString()}>{formats.when(row)}</time>
                    </th>
                    <td className="text-end">{formats.number(row.added)}</td>
                    {variant === 'history' && (
                      <td className="text-end">{formats.number(row.total)}</td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </figure>
  )
}
