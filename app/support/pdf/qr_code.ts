import QRCode from 'qrcode'

/** The four-module quiet zone scanners expect around a code. */
const QUIET_ZONE = 4

/**
 * Draws the QR code of `url` as vector squares, `size` points wide with its
 * quiet zone, at (x, y), medium error correction (a creased or dirty print
 * still reads), and makes its area a link to the address. Each row's run of
 * dark modules is one rectangle.
 */
export function drawQrCode(
  doc: PDFKit.PDFDocument,
  url: string,
  x: number,
  y: number,
  size: number
) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
  const count = modules.size
  const cell = size / (count + 2 * QUIET_ZONE)
  doc.save()
  doc.rect(x, y, size, size).fill('#ffffff')
  for (let row = 0; row < count; row++) {
    let start = -1
    for (let column = 0; column <= count; column++) {
      const dark = column < count && modules.get(row, column)
      if (dark && start < 0) start = column
      if (!dark && start >= 0) {
        doc.rect(
          x + (QUIET_ZONE + start) * cell,
          y + (QUIET_ZONE + row) * cell,
          (column - start) * cell,
          cell
        )
        start = -1
      }
    }
  }
  doc.fill('#000000')
  doc.restore()
  doc.link(x, y, size, size, url)
}
