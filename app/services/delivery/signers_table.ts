import type Petition from '#models/petition'
import { countryName, UNKNOWN_COUNTRY } from '#shared/countries'
import type { DocumentTexts } from '#services/delivery/documents'
import { countedSigners } from '#services/delivery/counted_signers'
import { BOLD, REGULAR } from '#support/pdf/fonts'
import type { PdfOutput } from '#support/pdf/output'
import { fitLine, oneLine, shorten, wrapLines } from '#support/pdf/text'

/** A stored timestamp as a Date: SQLite gives the text Lucid wrote, PostgreSQL a Date. */
function storedDate(value: Date | string) {
  return value instanceof Date ? value : new Date(value.replace(' ', 'T'))
}

/**
 * The signers' table, from a new page: number, name, country, date and,
 * when the petition takes comments, the comment (up to three lines). Each
 * page starts with the column headings; the writer waits for the reader at
 * every page.
 */
export async function writeSigners(
  output: PdfOutput,
  petition: Petition,
  texts: DocumentTexts,
  margin: number
) {
  const { doc } = output
  const { t } = texts
  doc.addPage()
  const left = margin
  const width = doc.page.width - 2 * margin
  const bottom = doc.page.height - margin
  doc.font(BOLD).fontSize(13).text(t('package.signers_title'), left, margin, { width })
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
        doc.y = margin
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
