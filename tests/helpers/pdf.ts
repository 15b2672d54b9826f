import assert from 'node:assert/strict'
import { ApiRequest, type ApiResponse } from '@japa/api-client'
import { getDocumentProxy } from 'unpdf'
import { unzipSync } from 'fflate'

/** The bytes of a PDF or ZIP answer: the test client keeps them as a Buffer. */
function collectBytes(response: any, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = []
  response.on('data', (chunk: Buffer) => chunks.push(chunk))
  response.on('end', () => done(null, Buffer.concat(chunks)))
  response.on('error', (error: Error) => done(error, Buffer.alloc(0)))
}
ApiRequest.addParser('application/pdf', collectBytes)
ApiRequest.addParser('application/zip', collectBytes)

/** The raw bytes of a download answer. */
export function bytesOf(response: ApiResponse): Buffer {
  const body = response.body()
  assert.ok(
    Buffer.isBuffer(body),
    `expected a binary answer, got ${response.header('content-type')}`
  )
  return body
}

/** What a reader finds in a PDF: its pages' sizes (points), text and link addresses. */
export type PdfReading = {
  pages: number
  sizes: Array<{ width: number; height: number }>
  /** The text of every page, pieces joined as they come. */
  text: string
  /** The same with every run of white space as one space. */
  words: string
  links: string[]
}

/** Parses a PDF with pdf.js (through unpdf), as a viewer does; fails on anything that is not one. */
export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-', 'starts as a PDF')
  const document = await getDocumentProxy(new Uint8Array(bytes))
  const sizes: PdfReading['sizes'] = []
  const texts: string[] = []
  const links: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number)
    const [x0, y0, x1, y1] = page.view
    sizes.push({ width: Math.round(x1 - x0), height: Math.round(y1 - y0) })
    const content = await page.getTextContent()
    texts.push(
      content.items.map((item: any) => `${item.str ?? ''}${item.hasEOL ? '\n' : ''}`).join('')
    )
    for (const annotation of await page.getAnnotations()) {
      if (annotation.subtype === 'Link' && annotation.url) links.push(annotation.url)
    }
  }
  const text = texts.join('\n')
  await document.cleanup()
  return { pages: document.numPages, sizes, text, words: text.replace(/\s+/g, ' '), links }
}

/** The files of a ZIP answer, by name. */
export function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  assert.equal(Buffer.from(bytes.subarray(0, 2)).toString('latin1'), 'PK', 'starts as a ZIP')
  return unzipSync(new Uint8Array(bytes))
}

/** A4 and US Letter in points, as PDF readers give them. */
export const PAGE_SIZES = {
  a4: { width: 595, height: 842 },
  letter: { width: 612, height: 792 },
}
