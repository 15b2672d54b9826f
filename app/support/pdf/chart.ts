import { axisTicks, type TimeAxis, type TimeSpan } from '#shared/time_axis'

/** A point of a line chart: when, and the running total then. */
export type ChartPoint = { at: number; total: number }

export type ChartBox = { x: number; y: number; width: number; height: number }

/** How the chart writes its axes' values, in the document's language. */
export type ChartLabels = {
  axis: TimeAxis
  number: (value: number) => string
}

const GRID = '#d0d4da'
const AXIS_TEXT = '#555555'
const LINE = '#1f6feb'

/** Round steps for the value axis: 1, 2 or 5 times a power of ten. */
function niceStep(max: number, lines: number) {
  const raw = Math.max(1, max / lines)
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw)
  return step ?? 10 * power
}

/**
 * A line chart of a running total over `span`, drawn as vectors in `box`:
 * horizontal grid lines with their values on the left, dates under the
 * time axis (as many as fit, the unit chosen from the span, as on the
 * page), and the line with the area under it lightly filled. Points are in
 * time order; a single one is a dot.
 */
export function drawLineChart(
  doc: PDFKit.PDFDocument,
  points: ChartPoint[],
  span: TimeSpan,
  box: ChartBox,
  labels: ChartLabels
) {
  const fontSize = 7
  const lineHeight = fontSize + 1
  const left = box.x + 44
  // Room under the plot for two lines of dates.
  const bottom = box.y + box.height - 2 * lineHeight - 6
  const width = box.x + box.width - left
  const height = bottom - box.y
  const totals = points.map((point) => point.total)
  const step = niceStep(Math.max(1, ...totals) - Math.min(0, ...totals), 4)
  const low = Math.floor(Math.min(0, ...totals) / step) * step
  const high = Math.max(low + step, Math.ceil(Math.max(1, ...totals) / step) * step)
  const xOf = (at: number) => left + ((at - span.from) / (span.to - span.from)) * width
  const yOf = (total: number) => bottom - ((total - low) / (high - low)) * height

  doc.save()
  doc.fontSize(fontSize).fillColor(AXIS_TEXT).lineWidth(0.5)
  for (let value = low; value <= high; value += step) {
    const y = yOf(value)
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor(GRID)
      .stroke()
    doc.text(labels.number(value), box.x, y - fontSize / 2, {
      width: left - box.x - 4,
      align: 'right',
      lineBreak: false,
    })
  }
  const ticks = axisTicks(span, labels.axis, {
    width,
    measure: (text) => doc.widthOfString(text),
    outside: { left: left - box.x, right: 0 },
  })
  for (const tick of ticks) {
    const x = xOf(tick.at)
    doc
      .moveTo(x, bottom)
      .lineTo(x, bottom + 3)
      .strokeColor(GRID)
      .stroke()
    tick.label.split('\n').forEach((line, index) => {
      doc.text(line, x - doc.widthOfString(line) / 2, bottom + 5 + index * lineHeight, {
        lineBreak: false,
      })
    })
  }
  if (points.length === 1) {
    doc.circle(xOf(points[0].at), yOf(points[0].total), 2).fill(LINE)
  } else if (points.length > 1) {
    const first = points[0]
    const last = points[points.length - 1]
    doc.moveTo(xOf(first.at), yOf(0))
    for (const point of points) doc.lineTo(xOf(point.at), yOf(point.total))
    doc.lineTo(xOf(last.at), yOf(0)).closePath().fillOpacity(0.12).fill(LINE)
    doc.fillOpacity(1)
    doc.moveTo(xOf(first.at), yOf(first.total))
    for (const point of points.slice(1)) doc.lineTo(xOf(point.at), yOf(point.total))
    doc.lineWidth(1.5).strokeColor(LINE).stroke()
  }
  doc.restore()
  doc.fillColor('#000000').strokeColor('#000000').fillOpacity(1)
}
