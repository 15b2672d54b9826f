import type Petition from '#models/petition'
import type { Locale } from '#app/i18n/locales'
import { petitionUrl } from '#services/petitions/sharing'
import { documentTexts, petitionFilePart } from '#services/delivery/documents'
import { BOLD, REGULAR } from '#support/pdf/fonts'
import { pdfOutput, type PaperSize } from '#support/pdf/output'
import { drawQrCode } from '#support/pdf/qr_code'
import { shorten } from '#support/pdf/text'

export type SheetOptions = { paperSize: PaperSize; language: Locale }

/** The demand's characters on a sheet: a few lines; the page says where to read it all. */
const DEMAND_MAX = 600
const QR_SIZE = 96
const ROW_HEIGHT = 26
const MARGIN = 40

/**
 * A printable signature sheet: one page with the petition's title, whom it
 * addresses, its demand (shortened), its QR code and address (the petition
 * page on the chosen language's site, the code a link to it too), numbered
 * rows (name, city, country, signature) filling the page, and what happens
 * to the signers' data. In the owner's chosen language and paper size; the
 * fonts are embedded, so that Cyrillic prints anywhere.
 */
export function signatureSheet(petition: Petition, options: SheetOptions) {
  const texts = documentTexts(options.language)
  const { t } = texts
  const url = petitionUrl(petition.slug, options.language)
  const { doc, stream } = pdfOutput({
    size: options.paperSize,
    title: `${t('sheet.heading')}: ${petition.title}`,
    lang: options.language,
    margin: MARGIN,
  })
  const page = doc.page
  const left = MARGIN
  const width = page.width - 2 * MARGIN
  const textWidth = width - QR_SIZE - 16

  // The petition, with its code on the right.
  doc.font(REGULAR).fontSize(8).fillColor('#555555')
  doc.text(`${texts.siteName} · ${t('sheet.heading')}`, left, MARGIN, { width: textWidth })
  doc.moveDown(0.4).font(BOLD).fontSize(16).fillColor('#000000')
  doc.text(shorten(petition.title, 200), { width: textWidth })
  doc.moveDown(0.3).font(REGULAR).fontSize(10)
  doc.text(t('sheet.to', { target: shorten(petition.target, 200) }), { width: textWidth })
  doc.moveDown(0.5).font(BOLD).fontSize(10).text(t('sheet.demand'), { width: textWidth })
  doc.font(REGULAR).fontSize(9)
  doc.text(shorten(petition.descriptionText, DEMAND_MAX), {
    width: textWidth,
    height: 120,
    ellipsis: true,
  })
  const qrX = left + width - QR_SIZE
  drawQrCode(doc, url, qrX, MARGIN, QR_SIZE)
  // The address in full, on a line of its own (a scanner-less reader types it).
  doc.font(REGULAR).fontSize(9).fillColor('#000000')
  const addressTop = Math.max(doc.y, MARGIN + QR_SIZE) + 8
  doc.text(`${t('sheet.sign_online')} `, left, addressTop, { continued: true })
  doc.font(BOLD).text(url, { link: url, underline: false })

  // The privacy notice at the foot of the page, measured first.
  doc.font(REGULAR).fontSize(7)
  const notice = t('sheet.privacy', {
    title: shorten(petition.title, 120),
    target: shorten(petition.target, 120),
    site: texts.siteName,
  })
  const noticeHeight = doc.heightOfString(notice, { width }) + 14
  const noticeTop = page.height - MARGIN - noticeHeight

  // The rows between them.
  const columns = [
    { key: 'number', width: 28 },
    { key: 'name', width: width * 0.32 },
    { key: 'city', width: width * 0.2 },
    { key: 'country', width: width * 0.16 },
  ]
  const signatureWidth = width - columns.reduce((sum, column) => sum + column.width, 0)
  const allColumns = [...columns, { key: 'signature', width: signatureWidth }]
  const tableTop = doc.y + 10
  const headerHeight = 18
  const rows = Math.max(1, Math.floor((noticeTop - 10 - tableTop - headerHeight) / ROW_HEIGHT))

  doc.rect(left, tableTop, width, headerHeight).fill('#eef1f4')
  doc.fillColor('#000000').font(BOLD).fontSize(8)
  let x = left
  for (const column of allColumns) {
    doc.text(t(`sheet.columns.${column.key}`), x + 4, tableTop + 5, {
      width: column.width - 8,
      lineBreak: false,
    })
    x += column.width
  }
  doc.font(REGULAR).fontSize(8).lineWidth(0.5).strokeColor('#8a929c')
  const bottom = tableTop + headerHeight + rows * ROW_HEIGHT
  for (let row = 0; row <= rows; row++) {
    const y = tableTop + headerHeight + row * ROW_HEIGHT
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke()
    if (row < rows) {
      doc.text(texts.number(row + 1), left + 4, y + ROW_HEIGHT - 12, { lineBreak: false })
    }
  }
  doc.rect(left, tableTop, width, bottom - tableTop).stroke()
  x = left
  for (const column of allColumns.slice(0, -1)) {
    x += column.width
    doc.moveTo(x, tableTop).lineTo(x, bottom).stroke()
  }

  doc.font(BOLD).fontSize(8).text(t('sheet.privacy_title'), left, noticeTop, { width })
  doc
    .font(REGULAR)
    .fontSize(7)
    .text(notice, left, doc.y + 2, { width })
  doc.end()

  const fileName = `${petitionFilePart(petition)}-signature-sheet-${options.language}-${options.paperSize}.pdf`
  return { stream, fileName }
}
