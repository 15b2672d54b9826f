import type { Readable } from 'node:stream'
import logger from '@adonisjs/core/services/logger'
import type Petition from '#models/petition'
import type { Locale } from '#app/i18n/locales'
import { countryName, UNKNOWN_COUNTRY } from '#shared/countries'
import { showsOpposition } from '#shared/petitions/progress'
import { timeAxis } from '#shared/time_axis'
import type { petitionGrowth } from '#services/petitions/history'
import { documentTexts, type DocumentTexts } from '#services/delivery/documents'
import { writeSigners } from '#services/delivery/signers_table'
import { BOLD, REGULAR, keepingFont } from '#support/pdf/fonts'
import { PdfAborted, pdfOutput, type PaperSize, type PdfOutput } from '#support/pdf/output'
import { drawLineChart } from '#support/pdf/chart'
import { fitLine, shorten } from '#support/pdf/text'
import type { TreeHead } from '#shared/transparency_log'

/**
 * The layout of a delivery package's PDF: the cover letter, the demand,
 * the counts, the growth chart, the responses and the signers, written
 * page by page as the reader takes them.
 */

export type PackageOptions = {
  paperSize: PaperSize
  language: Locale
  includeList: boolean
  /** One recipient's PDF alone; the whole package (a ZIP) without it. */
  recipientId?: number
}

/** Whom a package PDF is for: a recipient of one of the petition's letters, and that letter. */
export type DeliveryRecipient = {
  id: number
  name: string
  designation: string | null
  letter: string
}

/** What every PDF of one package shows besides its letter and the signers, read once. */
export type PackageData = {
  url: string
  online: number
  byCountry: Array<{ code: string; count: number }>
  /** The growth chart of the petition's page: the same life and line. */
  growth: Awaited<ReturnType<typeof petitionGrowth>>
  responses: Array<{ responder: string; role: string | null; on: Date; text: string }>
  /** The signed head of the transparency log that covers the counts, and the petition's leaves in it. */
  log: { head: TreeHead | null; leaves: number; treeSize: number; keyUrl: string }
}

const MARGIN = 48
const FOOTER_GAP = 28

/**
 * Writes one package PDF: the cover letter to its recipient (or to the
 * petition's target when it has none), the demand, the counts, the history
 * chart, the responses so far and, when asked, the signers. Awaits the
 * reader between pages, so that a list of any length holds a few pages.
 */
async function writePackagePdf(
  output: PdfOutput,
  petition: Petition,
  recipient: DeliveryRecipient | null,
  options: PackageOptions,
  data: PackageData,
  texts: DocumentTexts
) {
  const { doc } = output
  const { t } = texts
  const left = MARGIN
  const width = () => doc.page.width - 2 * MARGIN
  const bottom = () => doc.page.height - MARGIN
  let pageNumber = 1
  const footer = () =>
    keepingFont(doc, () => {
      const label = `${shorten(petition.title, 80)} · ${texts.siteName} · ${t('package.page', { page: pageNumber })}`
      doc.font(REGULAR).fontSize(7).fillColor('#555555')
      doc.text(label, left, doc.page.height - FOOTER_GAP, { lineBreak: false })
      doc.fillColor('#000000')
    })
  footer()
  doc.on('pageAdded', () => {
    pageNumber++
    footer()
  })
  const heading = (text: string) => {
    if (doc.y + 60 > bottom()) doc.addPage()
    doc.moveDown(0.8).font(BOLD).fontSize(13).text(text, left, doc.y, { width: width() })
    doc.moveDown(0.3).font(REGULAR).fontSize(10)
  }
  const paragraph = (text: string, size = 10) => {
    doc.font(REGULAR).fontSize(size).text(text, left, doc.y, { width: width() })
  }

  // The cover letter.
  doc.font(REGULAR).fontSize(8).fillColor('#555555')
  doc.text(`${texts.siteName} · ${t('package.heading')}`, left, MARGIN, { width: width() })
  doc.fillColor('#000000').fontSize(10)
  doc.text(texts.date(Date.now()), left, MARGIN, { width: width(), align: 'right' })
  doc.moveDown(2).font(BOLD).fontSize(11)
  const to = recipient
    ? recipient.designation
      ? t('package.to_designation', { name: recipient.name, designation: recipient.designation })
      : t('package.to', { name: recipient.name })
    : t('package.to', { name: petition.target })
  doc.text(to, left, doc.y, { width: width() })
  doc.moveDown(1.5)
  paragraph(recipient ? recipient.letter : t('package.general_letter', { title: petition.title }))
  doc.moveDown(1.5)
  paragraph(t('package.on_behalf', { count: petition.supportCount, title: petition.title }), 10)
  doc.moveDown(0.5)
  doc
    .font(REGULAR)
    .fontSize(9)
    .text(`${t('package.address')} `, { continued: true })
  doc.font(BOLD).text(data.url, { link: data.url })
  await output.writable()

  // The demand.
  doc.addPage()
  doc.font(BOLD).fontSize(16).text(petition.title, left, MARGIN, { width: width() })
  doc.moveDown(0.4)
  paragraph(t('package.addressed_to', { target: petition.target }), 11)
  doc.moveDown(0.8)
  paragraph(petition.descriptionText)
  await output.writable()

  // The counts.
  heading(t('package.counts_title'))
  const counts = [
    t('package.counts_total', { count: texts.number(petition.supportCount) }),
    t('package.counts_online', { count: texts.number(data.online) }),
    t('package.counts_paper', { count: texts.number(petition.paperCount) }),
  ]
  // As its page says it: when some signers verified their identity, or only those may sign.
  if (petition.verifiedCount > 0 || petition.identityRequired) {
    counts.push(t('package.counts_verified', { count: texts.number(petition.verifiedCount) }))
  }
  if (showsOpposition(petition)) {
    counts.push(t('package.counts_oppose', { count: texts.number(petition.opposeCount) }))
  }
  counts.push(t('package.counts_goal', { count: texts.number(petition.targetSignatures) }))
  for (const line of counts) paragraph(line)
  writeLogProof(paragraph, heading, texts, data)

  if (data.byCountry.length > 0) {
    heading(t('package.by_country_title'))
    const columnWidth = width() / 2
    doc.font(REGULAR).fontSize(9)
    for (const row of data.byCountry) {
      if (doc.y + 14 > bottom()) {
        doc.addPage()
        doc.y = MARGIN
      }
      const y = doc.y
      const name =
        row.code === UNKNOWN_COUNTRY
          ? t('package.unknown_country')
          : countryName(row.code, texts.locale)
      doc.text(fitLine(doc, name, columnWidth - 8), left, y, { lineBreak: false })
      doc.text(texts.number(row.count), left + columnWidth, y, {
        width: 80,
        align: 'right',
        lineBreak: false,
      })
      doc.y = y + 13
    }
  }
  await output.writable()

  // How it grew.
  heading(t('package.history_title'))
  if (data.growth.points.length === 0) {
    paragraph(t('package.history_empty'))
  } else {
    if (doc.y + 190 > bottom()) {
      doc.addPage()
      doc.y = MARGIN
    }
    const top = doc.y + 4
    drawLineChart(
      doc,
      data.growth.points,
      data.growth.life,
      { x: left, y: top, width: width(), height: 180 },
      { axis: timeAxis(texts.locale, true), number: (value) => texts.number(value) }
    )
    doc.x = left
    doc.y = top + 190
  }
  await output.writable()

  // The responses so far.
  heading(t('package.responses_title'))
  if (data.responses.length === 0) paragraph(t('package.no_responses'))
  for (const response of data.responses) {
    const date = texts.date(response.on)
    doc.moveDown(0.4).font(BOLD).fontSize(10)
    doc.text(
      response.role
        ? t('package.response_from_role', {
            responder: response.responder,
            role: response.role,
            date,
          })
        : t('package.response_from', { responder: response.responder, date }),
      left,
      doc.y,
      { width: width() }
    )
    paragraph(response.text)
    await output.writable()
  }

  if (options.includeList) await writeSigners(output, petition, texts, MARGIN)
  doc.end()
}

/**
 * The counts as the public log proves them: the signed tree head that
 * covers them, so that a reader can check on paper that the log adds up
 * to these numbers (docs/api.md says how).
 */
function writeLogProof(
  paragraph: (text: string, size?: number) => void,
  heading: (text: string) => void,
  texts: DocumentTexts,
  data: PackageData
) {
  const { t } = texts
  const { head, leaves, treeSize } = data.log
  heading(t('package.log_title'))
  if (!head) {
    paragraph(t('package.log_unsigned', { url: `${data.url}/log.json` }))
    return
  }
  paragraph(
    t('package.log_text', {
      leaves: texts.number(leaves),
      treeSize: texts.number(treeSize),
      date: texts.date(head.timestamp),
    })
  )
  paragraph(`${t('package.log_head')}: ${head.treeSize} · ${head.timestamp}`, 8)
  paragraph(`${t('package.log_root')}: ${head.rootHash}`, 8)
  paragraph(`${t('package.log_signature')}: ${head.signature}`, 8)
  paragraph(`${t('package.log_key')}: ${data.log.keyUrl}`, 8)
  paragraph(t('package.log_how', { url: `${data.url}/log.json` }), 9)
}

/** A package PDF being written: its stream, ready to be read. */
export function packagePdf(
  petition: Petition,
  recipient: DeliveryRecipient | null,
  options: PackageOptions,
  data: PackageData,
  onFailure: (error: unknown) => void
): Readable {
  const texts = documentTexts(options.language)
  const output = pdfOutput({
    size: options.paperSize,
    title: `${texts.t('package.heading')}: ${petition.title}`,
    lang: options.language,
    margin: MARGIN,
  })
  writePackagePdf(output, petition, recipient, options, data, texts).catch((error) => {
    if (error instanceof PdfAborted) return
    logger.error({ err: error, petitionId: petition.id }, 'writing a delivery package failed')
    output.stream.destroy(error)
    onFailure(error)
  })
  return output.stream
}
