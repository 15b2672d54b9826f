import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type PDFDocument from 'pdfkit'

/**
 * The fonts every PDF of the site embeds: DejaVu Sans (the `dejavu-fonts-ttf`
 * package), which covers Latin and Cyrillic, so that the eight languages
 * and the signers' names print whatever the machine has installed. pdfkit
 * embeds only the glyphs a document uses.
 */
export const REGULAR = 'DejaVuSans'
export const BOLD = 'DejaVuSans-Bold'

const require = createRequire(import.meta.url)
let files: { regular: Buffer; bold: Buffer } | null = null

/** The TrueType files, read once per process (about 1.5 MB). */
function fontFiles() {
  files ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  }
  return files
}

/** A glyph of fontkit's, as pdfkit reads it. */
type Glyph = { id: number; advanceWidth: number; codePoints: number[] }

/** What pdfkit's embedded font offers us: fontkit's font and its layout of a text run. */
type EmbeddedFont = {
  font: { glyphForCodePoint(codePoint: number): Glyph }
  scale: number
  layoutRun(text: string, features?: unknown): unknown
  /** The glyph of each character met so far: a few hundred at most for a whole list. */
  glyphsByCodePoint?: Map<number, Glyph>
}

/**
 * Latin and Cyrillic need no shaping: each character is one glyph, placed
 * after the last. fontkit's OpenType shaping (ligatures, kerning, marks)
 * costs about 90 µs a word, and even a plain lookup of each character's
 * glyph was 40 % of a list's time in the profile; a glyph kept per
 * character costs a map read. A list of a million signers is 5 million
 * cells, so the documents lay their text out glyph by glyph (no kerning:
 * the difference does not show at these sizes).
 */
function layOutWithoutShaping(this: EmbeddedFont, text: string) {
  const known = (this.glyphsByCodePoint ??= new Map())
  const glyphs: Glyph[] = []
  const positions = []
  let advanceWidth = 0
  for (const character of text) {
    const codePoint = character.codePointAt(0)!
    let glyph = known.get(codePoint)
    if (!glyph) {
      glyph = this.font.glyphForCodePoint(codePoint)
      known.set(codePoint, glyph)
    }
    const width = glyph.advanceWidth * this.scale
    advanceWidth += width
    glyphs.push(glyph)
    positions.push({ xAdvance: width, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: width })
  }
  return { glyphs, positions, advanceWidth }
}

/**
 * Registers the regular and bold fonts in a document, each laid out without
 * shaping, and selects the regular one. The document must be created with
 * `font: null` (no standard font loaded) and `fontLayoutCache: false`
 * (pdfkit would keep every word's layout: a million names would stay in memory).
 */
export function embedFonts(doc: PDFKit.PDFDocument) {
  const { regular, bold } = fontFiles()
  doc.registerFont(REGULAR, regular)
  doc.registerFont(BOLD, bold)
  for (const name of [BOLD, REGULAR]) {
    doc.font(name)
    const font = (doc as unknown as { _font: EmbeddedFont })._font
    font.layoutRun = layOutWithoutShaping
  }
  return doc
}

export type { PDFDocument }

/** pdfkit's current font and size, which it keeps on the document. */
type FontState = { _font: unknown; _fontSize: number }

/**
 * Runs `draw` (a page's footer, drawn when pdfkit adds a page in the middle
 * of a paragraph) and gives the document back the font and size it had, so
 * that the paragraph goes on as it began.
 */
export function keepingFont(doc: PDFKit.PDFDocument, draw: () => void) {
  const state = doc as unknown as FontState
  const { _font: font, _fontSize: size } = state
  const { x, y } = doc
  draw()
  state._font = font
  doc.fontSize(size)
  doc.x = x
  doc.y = y
}
