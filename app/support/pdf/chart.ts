/** A point of a line chart: when, and the running total then. */
export type ChartPoint = { at: number; total: number }

export type ChartBox = { x: number; y: number; width: number; height: number }

/** How the chart writes its axes' values, in the document's language. */
export type ChartLabels = {
  date: (at: number) => string
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
 * A line chart of a running total over time, drawn as vectors in `box`:
 * horizontal grid lines with their values on the left, the first and last
 * dates under the time axis, and the line (with the area under it lightly
 * filled). Points are in time order; fewer than two draw nothing but the axes.
 */
export function drawLineChart(
  doc: PDFKit.PDFDocument,
  points: ChartPoint[],
  box: ChartBox,
  labels: ChartLabels
) {
  const fontSize = 7
  const left = box.x + 44
  const bottom = box.y + box.height - 14
  const width = box.x + box.width - left
  const height = bottom - box.y
  const max = Math.max(1, ...points.map((point) => point.total))
  const step = niceStep(max, 4)
  const top = Math.ceil(max / step) * step

  doc.save()
  doc.fontSize(fontSize).fillColor(AXIS_TEXT).lineWidth(0.5)
  for (let value = 0; value <= top; value += step) {
    const y = bottom - (value / top) * height
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
  if (points.length > 0) {
    const first = points[0].at
    const last = points[points.length - 1].at
    const span = Math.max(1, last - first)
    const xOf = (at: number) => left + ((at - first) / span) * width
    const yOf = (total: number) => bottom - (total / top) * height
    doc.text(labels.date(first), left, bottom + 4, { lineBreak: false })
    const lastLabel = labels.date(last)
    doc.text(lastLabel, left + width - doc.widthOfString(lastLabel), bottom + 4, {
      lineBreak: false,
    })
    if (points.length > 1) {
      doc.moveTo(xOf(first), bottom)
      for (const point of points) doc.lineTo(xOf(point.at), yOf(point.total))
      doc.lineTo(xOf(last), bottom).closePath().fillOpacity(0.12).fill(LINE)
      doc.fillOpacity(1)
      doc.moveTo(xOf(first), yOf(points[0].total))
      for (const point of points.slice(1)) doc.lineTo(xOf(point.at), yOf(point.total))
      doc.lineWidth(1.5).strokeColor(LINE).stroke()
    }
  }
  doc.restore()
  doc.fillColor('#000000').strokeColor('#000000').fillOpacity(1)
}
