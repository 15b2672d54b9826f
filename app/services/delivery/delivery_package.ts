import type { Readable } from 'node:stream'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import yazl from 'yazl'
import type Petition from '#models/petition'
import Letter from '#models/letter'
import PetitionResponse from '#models/petition_response'
import type { Locale } from '#app/i18n/locales'
import { countryName, UNKNOWN_COUNTRY } from '#shared/countries'
import { petitionProgress, showsOpposition } from '#shared/petitions/progress'
import { timeAxis } from '#shared/time_axis'
import { petitionUrl } from '#services/petitions/sharing'
import { petitionGrowth } from '#services/petitions/history'
import {
  documentTexts,
  fileNamePart,
  petitionFilePart,
  type DocumentTexts,
} from '#services/delivery/documents'
import { descriptionText } from '#support/search_text'
import { BOLD, REGULAR, keepingFont } from '#support/pdf/fonts'
import { PdfAborted, pdfOutput, type PaperSize, type PdfOutput } from '#support/pdf/output'
import { drawLineChart } from '#support/pdf/chart'
import { fitLine, oneLine, shorten, wrapLines } from '#support/pdf/text'

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

/** Signers read per query: memory holds one chunk (and a few pages) at a time. */
export const SIGNERS_CHUNK_SIZE = 1000

/**
 * The recipients of the petition's letters, in the form's order (letters,
 * then recipients), each with its letter. Their addresses are never read:
 * nothing of a package mentions one.
 */
export async function deliveryRecipients(petition: Petition): Promise<DeliveryRecipient[]> {
  const letters = await Letter.query()
    .where('petition_id', petition.id)
    .orderBy('position')
    .orderBy('id')
    .preload('recipients', (recipients) => recipients.orderBy('position').orderBy('id'))
  return letters.flatMap((letter) =>
    letter.recipients.map((recipient) => ({
      id: recipient.id,
      name: recipient.name,
      designation: recipient.payload,
      letter: letter.payload,
    }))
  )
}

/** What every PDF of one package shows besides its letter and the signers, read once. */
type PackageData = {
  url: string
  online: number
  byCountry: Array<{ code: string; count: number }>
  /** The growth chart of the petition's page: the same life and line. */
  growth: Awaited<ReturnType<typeof petitionGrowth>>
  responses: Array<{ responder: string; role: string | null; on: Date; text: string }>
}

async function packageData(petition: Petition, locale: Locale): Promise<PackageData> {
  const [byCountry, growth, responses] = await Promise.all([
    // The online supporters: paper batches have no country, opposition is not support.
    db
      .from('petition_country_signatures')
      .where('petition_id', petition.id)
      .where('support', '>', 0)
      .orderBy('support', 'desc')
      .orderBy('country')
      .select('country', 'support') as Promise<Array<{ country: string; support: number }>>,
    petitionGrowth(petition),
    PetitionResponse.query()
      .where('petition_id', petition.id)
      .orderBy('responded_on')
      .orderBy('id'),
  ])
  return {
    url: petitionUrl(petition.slug, locale),
    online: petitionProgress(petition).onlineSupportCount,
    byCountry: byCountry.map((row) => ({ code: row.country, count: Number(row.support) })),
    growth,
    responses: responses.map((response) => ({
      responder: response.responder,
      role: response.responderRole,
      on: response.respondedOn.toJSDate(),
      text: descriptionText(response.body),
    })),
  }
}

type SignerRow = {
  id: number
  first_name: string
  last_name: string
  country: string | null
  comment: string | null
  created_at: Date | string
}

/**
 * The signers a package may name: confirmed, active (counted) supporting
 * signatures that were not made anonymously (an erased signature is
 * anonymous too), in the order they came, read SIGNERS_CHUNK_SIZE at a time
 * by `id > last` on the (petition_id, id) index. The columns read are all
 * that is printed: never an address.
 */
export async function* countedSigners(petitionId: number): AsyncGenerator<SignerRow[]> {
  let lastId = 0
  while (true) {
    const rows: SignerRow[] = await db
      .from('signatures')
      .where('petition_id', petitionId)
      .where('id', '>', lastId)
      .whereNotNull('confirmed_at')
      .where('active', true)
      .where('private', false)
      .where('score', '>', 0)
      .whereNull('invalidation_id')
      .orderBy('id', 'asc')
      .limit(SIGNERS_CHUNK_SIZE)
      .select('id', 'first_name', 'last_name', 'country', 'comment', 'created_at')
    if (rows.length === 0) return
    yield rows
    lastId = rows[rows.length - 1].id
    if (rows.length < SIGNERS_CHUNK_SIZE) return
  }
}

/** A stored timestamp as a Date: SQLite gives the text Lucid wrote, PostgreSQL a Date. */
function storedDate(value: Date | string) {
  return value instanceof Date ? value : new Date(value.replace(' ', 'T'))
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
  if (showsOpposition(petition)) {
    counts.push(t('package.counts_oppose', { count: texts.number(petition.opposeCount) }))
  }
  counts.push(t('package.counts_goal', { count: texts.number(petition.targetSignatures) }))
  for (const line of counts) paragraph(line)

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

  if (options.includeList) await writeSigners(output, petition, texts)
  doc.end()
}

/**
 * The signers' table, from a new page: number, name, country, date and,
 * when the petition takes comments, the comment (up to three lines). Each
 * page starts with the column headings; the writer waits for the reader at
 * every page.
 */
async function writeSigners(output: PdfOutput, petition: Petition, texts: DocumentTexts) {
  const { doc } = output
  const { t } = texts
  doc.addPage()
  const left = MARGIN
  const width = doc.page.width - 2 * MARGIN
  const bottom = doc.page.height - MARGIN
  doc.font(BOLD).fontSize(13).text(t('package.signers_title'), left, MARGIN, { width })
  doc.moveDown(0.3).font(REGULAR).fontSize(9).text(t('package.signers_intro'), { width })
  doc.moveDown(0.6)

  const withComments = petition.allowComments
  const numberWidth = 44
  const dateWidth = 70
  const nameWidth = withComments ? width * 0.26 : width * 0.45
  const countryWidth = withComments ? width * 0.16 : width - numberWidth - nameWidth - dateWidth
  const commentWidth = width - numberWidth - nameWidth - countryWidth - dateWidth
  const columns = [
    { label: t('package.columns.number'), width: numberWidth },
    { label: t('package.columns.name'), width: nameWidth },
    { label: t('package.columns.country'), width: countryWidth },
    { label: t('package.columns.date'), width: dateWidth },
    ...(withComments ? [{ label: t('package.columns.comment'), width: commentWidth }] : []),
  ]
  const fontSize = 8
  doc.font(REGULAR).fontSize(fontSize)
  const lineHeight = Math.max(10.5, doc.currentLineHeight(true))
  const headings = () => {
    let x = left
    const y = doc.y
    doc.font(BOLD).fontSize(fontSize)
    for (const column of columns) {
      doc.text(column.label, x, y, { lineBreak: false })
      x += column.width
    }
    doc.lineWidth(0.5).strokeColor('#8a929c')
    doc
      .moveTo(left, y + lineHeight)
      .lineTo(left + width, y + lineHeight)
      .stroke()
    doc.y = y + lineHeight + 3
    doc.font(REGULAR).fontSize(fontSize)
  }
  headings()

  // One formatter (numeric dates: they fit the column in every language) and
  // one name per country for a million rows.
  const dates = new Intl.DateTimeFormat(texts.locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const countries = new Map<string, string>()
  const countryOf = (code: string | null) => {
    const key = code ?? UNKNOWN_COUNTRY
    let name = countries.get(key)
    if (name === undefined) {
      name = fitLine(
        doc,
        key === UNKNOWN_COUNTRY ? t('package.unknown_country') : countryName(key, texts.locale),
        countryWidth - 6
      )
      countries.set(key, name)
    }
    return name
  }

  let number = 0
  for await (const rows of countedSigners(petition.id)) {
    for (const row of rows) {
      number++
      const name = fitLine(doc, oneLine(`${row.first_name} ${row.last_name}`), nameWidth - 6)
      const comment =
        withComments && row.comment
          ? wrapLines(doc, shorten(row.comment, 400), commentWidth - 4, 3)
          : []
      const lines = Math.max(1, comment.length)
      const rowHeight = lines * lineHeight
      if (doc.y + rowHeight > bottom) {
        doc.addPage()
        doc.y = MARGIN
        headings()
        await output.writable()
      }
      const y = doc.y
      let x = left
      doc.text(texts.number(number), x, y, { lineBreak: false })
      x += numberWidth
      doc.text(name, x, y, { lineBreak: false })
      x += nameWidth
      doc.text(countryOf(row.country), x, y, { lineBreak: false })
      x += countryWidth
      doc.text(dates.format(storedDate(row.created_at)), x, y, { lineBreak: false })
      x += dateWidth
      comment.forEach((line, index) => {
        doc.text(line, x, y + index * lineHeight, { lineBreak: false })
      })
      doc.y = y + rowHeight
    }
  }
  if (number === 0) {
    doc.text(t('package.no_signers'), left, doc.y, { width })
  }
}

/** A package PDF being written: its stream, ready to be read. */
function packagePdf(
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

/** A download: the stream to send and how to name it. */
export type Download = { stream: Readable; fileName: string; contentType: string }

/**
 * The delivery package of a petition: one recipient's PDF when asked for one
 * (or the general PDF, addressed to its target, when it has no recipient),
 * else a ZIP of one PDF per recipient. A ZIP's PDFs are written one after
 * the other, each started only when the archive is ready to take it, and
 * stored as they are (a PDF is compressed already). A download that is
 * cancelled stops the PDF being written.
 */
export async function deliveryPackage(
  petition: Petition,
  recipients: DeliveryRecipient[],
  options: PackageOptions
): Promise<Download> {
  const data = await packageData(petition, options.language)
  const base = `${petitionFilePart(petition)}-delivery-${options.language}`
  const chosen = recipients.find((recipient) => recipient.id === options.recipientId)
  if (chosen || recipients.length === 0) {
    const part = chosen ? `-${fileNamePart(chosen.name, String(chosen.id))}` : ''
    return {
      stream: packagePdf(petition, chosen ?? null, options, data, () => {}),
      fileName: `${base}${part}.pdf`,
      contentType: 'application/pdf',
    }
  }

  const zip = new yazl.ZipFile()
  const archive = zip.outputStream as Readable
  let current: Readable | null = null
  archive.on('close', () => current?.destroy())
  const fail = (error: unknown) => archive.destroy(error as Error)
  const width = String(recipients.length).length
  const mtime = new Date()
  recipients.forEach((recipient, index) => {
    const name = `${String(index + 1).padStart(width, '0')}-${fileNamePart(recipient.name, String(recipient.id))}.pdf`
    zip.addReadStreamLazy(name, { compress: false, mtime }, (done) => {
      if (archive.destroyed) return
      current = packagePdf(petition, recipient, options, data, fail)
      done(null, current)
    })
  })
  zip.end()
  return { stream: archive, fileName: `${base}.zip`, contentType: 'application/zip' }
}

/**
 * What the owner's delivery tools offer (Petition/Signatures): the
 * recipients a package may be for (names and designations, never an
 * address), the petition's target for the general package, and its language.
 */
export async function deliveryChoices(petition: Petition) {
  const recipients = await deliveryRecipients(petition)
  return {
    target: petition.target,
    lang: petition.lang,
    recipients: recipients.map(({ id, name, designation }) => ({ id, name, designation })),
  }
}
