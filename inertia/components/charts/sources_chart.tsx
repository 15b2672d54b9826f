import { useEffect, useMemo, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { useTranslation } from '~/i18n/context.tsx'
import { OTHER_SOURCES, type SourcesDrawing } from './sources_drawing.ts'

const HEIGHT = 200

/** Line colours told apart without red–green pairs (Okabe–Ito), dark enough on white. */
const COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9']

/**
 * Confirmed signatures per UTC day, one line per source, drawn by uPlot
 * (loaded with this chunk only). The canvas and its legend say nothing to
 * a screen reader: the caption sums it up and the tables beside it give
 * every figure.
 */
export default function SourcesChart({
  drawing,
  label,
}: {
  drawing: SourcesDrawing
  /** A source's name as the page shows it (`direct`, the others' line). */
  label: (source: string) => string
}) {
  const { t, locale } = useTranslation()
  const canvas = useRef<HTMLDivElement>(null)
  const formats = useMemo(() => {
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
    const number = new Intl.NumberFormat(locale)
    return { day: (ms: number) => day.format(ms), number: (n: number) => number.format(n) }
  }, [locale])

  useEffect(() => {
    const target = canvas.current
    if (!target) return
    const text = getComputedStyle(document.documentElement).getPropertyValue('--bs-body-color')
    const axis = { stroke: text.trim() || '#212529' }
    const options: uPlot.Options = {
      width: target.clientWidth || 600,
      height: HEIGHT,
      cursor: { show: false },
      legend: { show: true, live: false },
      // Days are counted in UTC: drawn as UTC days wherever the reader is.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { ...axis, values: (_u, splits) => splits.map((at) => formats.day(at * 1000)) },
        { ...axis, values: (_u, splits) => splits.map((value) => formats.number(value)) },
      ],
      series: [
        {},
        ...drawing.lines.map((line, index) => ({
          label: label(line.source),
          stroke: COLORS[index % COLORS.length],
          width: 2,
          dash: line.source === OTHER_SOURCES ? [6, 4] : undefined,
          points: { show: drawing.days.length === 1 },
        })),
      ],
    }
    const data: uPlot.AlignedData = [
      drawing.days.map((at) => at / 1000),
      ...drawing.lines.map((line) => line.counts),
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
  }, [drawing, formats, label])

  const first = drawing.days[0]
  const last = drawing.days[drawing.days.length - 1]
  return (
    <figure className="mb-0" data-testid="sources-chart">
      <div ref={canvas} aria-hidden="true" />
      <figcaption className="small text-muted mt-2">
        {t('sources.owner.chart_summary', {
          from: formats.day(first),
          to: formats.day(last),
          sources: drawing.lines.map((line) => label(line.source)).join(', '),
        })}
      </figcaption>
    </figure>
  )
}
