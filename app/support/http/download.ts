import type { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The headers of a file the browser saves as `fileName` (the UTF-8 name for
 * browsers that read it, the plain one for the others), never kept by a cache.
 */
export function downloadHeaders(fileName: string, contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
  }
}

/** Streams `file.stream` as a file the browser saves (see `downloadHeaders`). */
export function sendDownload(
  response: HttpContext['response'],
  file: { fileName: string; contentType: string; stream: Readable }
) {
  for (const [name, value] of Object.entries(downloadHeaders(file.fileName, file.contentType))) {
    response.header(name, value)
  }
  response.stream(file.stream)
}
