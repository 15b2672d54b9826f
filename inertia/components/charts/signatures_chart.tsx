import { useEffect, useMemo, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { useTranslation } from '~/i18n/context.tsx'
import ChartTable, { type Row } from './chart_table.tsx'
import { axisTicks, timeAxis, type AxisTick } from '@app/shared/time_axis.ts'
import { drawingOf, type ChartLife, type ChartPoints, type ChartVariant } from './chart_drawing.ts'

export type {
  ChartLife,
  ChartPoints,
  ChartVariant,
  HistoryPoint,
  HourCount,
} from './chart_drawing.ts'

const HEIGHT = 220

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
 * The chart drawn by uPlot on a canvas, its dates written under it (as
 * many as fit its width, none overlapping), with its text alternative: a
 * caption that sums it up and, behind a disclosure, the table of its
 * points. Dates and numbers are written in the page's language; hours in
 * the reader's time zone, days (counted in UTC) as UTC days.
 */
export default function SignaturesChart({
  variant,
  points,
  fetchedAt,
  life,
}: {
  variant: ChartVariant
  points: ChartPoints
  /** When the points were read (ms): the end of a history's axis, and which of its steps are days. */
  fetchedAt: number
  life?: ChartLife
}) {
  const { t, locale } = useTranslation()
  // A new object for the same petition draws nothing again.
  const created = life?.created
  const closedAt = life?.closedAt ?? null
  const drawing = useMemo(
    () => drawingOf(variant, points, created ? { created, closedAt } : null, fetchedAt),
    [variant, points, created, closedAt, fetchedAt]
  )
  const canvas = useRef<HTMLDivElement>(null)
  const axisRow = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)
  // uPlot draws its vertical grid lines where the labels are.
  const gridTicks = useRef<AxisTick[]>([])
  const [plot, setPlot] = useState<{ left: number; width: number } | null>(null)
  const [ticks, setTicks] = useState<AxisTick[]>([])

  const formats = useMemo(() => {
    const number = new Intl.NumberFormat(locale)
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
    const hour = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
    return {
      number: (value: number) => number.format(value),
      when: (row: Row) => (row.daily ? day : hour).format(row.at),
      date: (row: Row) => (row.daily ? day : date).format(row.at),
      axis: timeAxis(locale),
    }
  }, [locale])

  useEffect(() => {
    const target = canvas.current
    if (!target || !drawing) return
    const primary = cssColor('--bs-primary', '#0d6efd')
    const text = cssColor('--bs-body-color', '#212529')
    const grid = cssColor('--bs-border-color', '#dee2e6')
    const bars = variant === 'hours'
    const axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    }
    // Where the plot lies in the canvas: the labels under it are placed from it.
    const measurePlot = (drawn: uPlot) => {
      const left = drawn.over.getBoundingClientRect().left - target.getBoundingClientRect().left
      const width = drawn.over.getBoundingClientRect().width
      setPlot((last) => (last?.left === left && last.width === width ? last : { left, width }))
    }
    const { from, to } = drawing.span
    const options: uPlot.Options = {
      width: target.clientWidth || 600,
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: true, range: (): uPlot.Range.MinMax => [from / 1000, to / 1000] },
        y: {
          range: (_chart, min, max) =>
            uPlot.rangeNum(Math.min(0, min), Math.max(1, max), 0.1, true) as uPlot.Range.MinMax,
        },
      },
      axes: [
        {
          ...axis,
          // The dates are written under the canvas, where they can be measured and read.
          size: 8,
          splits: () => gridTicks.current.map((tick) => tick.at / 1000),
          values: (_chart, splits) => splits.map(() => ''),
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
              points: { show: false },
            },
      ],
      hooks: { ready: [measurePlot], setSize: [measurePlot] },
    }
    const data: uPlot.AlignedData = [drawing.xs.map((at) => at / 1000), drawing.ys]
    const drawn = new uPlot(options, data, target)
    chart.current = drawn
    const resize = new ResizeObserver(() => {
      if (target.clientWidth) drawn.setSize({ width: target.clientWidth, height: HEIGHT })
    })
    resize.observe(target)
    return () => {
      resize.disconnect()
      chart.current = null
      drawn.destroy()
    }
  }, [drawing, variant, formats])

  // The finest dates that fit the plot's width, measured in the labels' own font.
  useEffect(() => {
    const row = axisRow.current
    const context = document.createElement('canvas').getContext('2d')
    if (!drawing || !plot || !row || !context) return
    const style = getComputedStyle(row)
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const fitting = axisTicks(drawing.span, formats.axis, {
      width: plot.width,
      measure: (label) => context.measureText(label).width,
      outside: { left: plot.left, right: 0 },
    })
    gridTicks.current = fitting
    chart.current?.redraw(false, true)
    setTicks(fitting)
  }, [drawing, plot, formats])

  if (!drawing) {
    return (
      <p className="text-muted mb-0" data-testid="signatures-chart-empty">
        {t('page.growth.empty')}
      </p>
    )
  }

  const { rows, span } = drawing
  const first = rows[0]
  const last = rows[rows.length - 1]
  // The caption's last total is the petition's count, as its page says it.
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
            // Within a day, its hours tell the steps apart.
            ...(formats.date(first) === formats.date(last)
              ? { from: formats.when(first), to: formats.when(last) }
              : { from: formats.date(first), to: formats.date(last) }),
          })
  return (
    <figure className="signatures-chart mb-0" data-testid="signatures-chart">
      {/* The canvas and its dates say nothing to a screen reader: the caption and the table do. */}
      <div aria-hidden="true">
        <div ref={canvas} className="signatures-chart-canvas" />
        <div ref={axisRow} className="signatures-chart-axis">
          {plot &&
            ticks.map((tick) => (
              <span
                key={tick.at}
                className="signatures-chart-tick"
                style={{
                  left: plot.left + ((tick.at - span.from) / (span.to - span.from)) * plot.width,
                }}
                data-testid="signatures-chart-tick"
                data-at={new Date(tick.at).toISOString()}
              >
                {tick.label}
              </span>
            ))}
        </div>
      </div>
      <figcaption className="mt-2" data-testid="signatures-chart-summary">
        {summary}
      </figcaption>
      <ChartTable
        rows={rows}
        history={variant === 'history'}
        before={drawing.before}
        formats={formats}
      />
    </figure>
  )
}
