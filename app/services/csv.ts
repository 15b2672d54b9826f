/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, fields
 * quoted when they hold a comma, a quote or a line break. A text that a
 * spreadsheet would run as a formula (=, +, -, @, or a leading tab or
 * carriage return, OWASP's list) gets a leading apostrophe, which makes
 * Excel, LibreOffice and Google Sheets show it as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** The UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF'

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvRow(values: Array<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
