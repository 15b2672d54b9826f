/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends.
 *
 * A text that a spreadsheet would run as a formula is neutralised with an
 * apostrophe, which makes Excel, LibreOffice and Google Sheets show it as
 * plain text: at the start of the cell (=, +, -, @, or a leading tab or
 * carriage return, OWASP's list), and after every semicolon, tab or line
 * break, because Excel in semicolon locales (German, French, Spanish,
 * Italian, Portuguese, Russian, Ukrainian) splits `x;=1+1` into two cells.
 * Fields holding a separator of any locale, a quote or a line break are
 * quoted, so that they stay one cell wherever the file is opened.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const FORMULA_AFTER_SEPARATOR = /([;\t\r\n])(?=[=+\-@])/g
const NEEDS_QUOTES = /[",;\t\r\n]/

/** The UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const CSV_BOM = '\uFEFF'

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'")
  const text = FORMULA_START.test(inner) ? `'${inner}` : inner
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvRow(values: Array<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

/** What a CSV download is: UTF-8 text. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'
