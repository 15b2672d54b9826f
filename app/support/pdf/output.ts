import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import PDFDocument from 'pdfkit'
import { embedFonts } from '#support/pdf/fonts'

/** The reader went away (the download was cancelled): the writer stops. */
export class PdfAborted extends Error {
  constructor() {
    super('the PDF is no longer read')
  }
}

/** What a document buffers for its reader before its writer waits: a few pages. */
const HIGH_WATER_MARK = 256 * 1024

export type PaperSize = 'a4' | 'letter'

/** pdfkit's names of the paper sizes. */
const SIZES: Record<PaperSize, string> = { a4: 'A4', letter: 'LETTER' }

/** A document being written and the stream its reader takes the bytes from. */
export type PdfOutput = {
  doc: PDFKit.PDFDocument
  stream: PassThrough
  /**
   * Resolves when the reader has taken what was written, so that the writer
   * may write more, and never before the event loop's next turn; throws
   * PdfAborted once nobody reads.
   */
  writable(): Promise<void>
}

/**
 * A new PDF document with the site's fonts, of `size`, its bytes going to
 * `stream`. pdfkit's own Readable pushes whatever is written, however
 * slowly it is read: its bytes go straight into a stream that says when it
 * is full, and the writer awaits `writable()` between pages or rows, so a
 * document of any length holds only a few pages in memory.
 */
export function pdfOutput(options: {
  size: PaperSize
  title: string
  lang: string
  margin?: number
}): PdfOutput {
  const doc = new PDFDocument({
    size: SIZES[options.size],
    margin: options.margin ?? 40,
    // The site's fonts only: no standard font loaded, no layout kept per word.
    font: null as unknown as string,
    fontLayoutCache: false,
    lang: options.lang,
    displayTitle: true,
    info: { Title: options.title, Creator: 'Undersign', Producer: 'Undersign' },
  })
  embedFonts(doc)
  const stream = new PassThrough({ highWaterMark: HIGH_WATER_MARK })
  doc.on('data', (chunk: Buffer) => {
    if (!stream.destroyed) stream.write(chunk)
  })
  doc.on('end', () => stream.end())
  doc.on('error', (error) => stream.destroy(error))
  return {
    doc,
    stream,
    async writable() {
      if (stream.destroyed) throw new PdfAborted()
      if (!stream.writableNeedDrain) {
        // Queries on SQLite resolve without leaving the event loop's turn:
        // the writer lets the server answer others (and send these bytes) first.
        await new Promise((resolve) => setImmediate(resolve))
        if (stream.destroyed) throw new PdfAborted()
        if (!stream.writableNeedDrain) return
      }
      // Whichever comes first; the other listener goes with the signal.
      const waiting = new AbortController()
      try {
        await Promise.race([
          once(stream, 'drain', { signal: waiting.signal }),
          once(stream, 'close', { signal: waiting.signal }),
        ])
      } finally {
        waiting.abort()
      }
      if (stream.destroyed) throw new PdfAborted()
    },
  }
}
