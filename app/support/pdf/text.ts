/** An ellipsis: what a shortened text ends with. */
const ELLIPSIS = '…'

/**
 * A text cut to at most `max` characters at a word's end, with an ellipsis
 * when it was cut; spaces and lines inside it as they were.
 */
export function shorten(text: string, max: number): string {
  const trimmed = text.trim()
  if (trimmed.length <= max) return trimmed
  const cut = trimmed.slice(0, max - 1)
  const lastSpace = cut.search(/\s\S*$/)
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}${ELLIPSIS}`
}

/** A text on one line: line breaks and runs of spaces become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * The longest start of `text` that fits `width` points in the document's
 * current font and size, with an ellipsis when it was cut (the whole text
 * when it fits). Measured once when it fits, by halves when it does not.
 */
export function fitLine(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text
  let low = 0
  let high = text.length
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (doc.widthOfString(text.slice(0, middle) + ELLIPSIS) <= width) low = middle
    else high = middle - 1
  }
  return `${text.slice(0, low).trimEnd()}${ELLIPSIS}`
}

/**
 * `text` broken into at most `maxLines` lines of `width` points in the
 * document's current font and size, word by word (a word longer than a line
 * is cut), the last line ending with an ellipsis when text was left out. A
 * greedy fill measured word by word: far cheaper than pdfkit's line wrapper
 * for a million short comments.
 */
export function wrapLines(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  maxLines: number
): string[] {
  const words = oneLine(text).split(' ')
  const space = doc.widthOfString(' ')
  const lines: string[] = []
  let line = ''
  let lineWidth = 0
  for (let index = 0; index < words.length; index++) {
    const word = words[index]
    const wordWidth = doc.widthOfString(word)
    if (line === '' || lineWidth + space + wordWidth <= width) {
      line = line === '' ? word : `${line} ${word}`
      lineWidth = line === word ? wordWidth : lineWidth + space + wordWidth
      continue
    }
    if (lines.length === maxLines - 1) {
      return [...lines, fitLine(doc, `${line} ${words.slice(index).join(' ')}`, width)]
    }
    lines.push(fitLine(doc, line, width))
    line = word
    lineWidth = wordWidth
  }
  return [...lines, fitLine(doc, line, width)]
}
