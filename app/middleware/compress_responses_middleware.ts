import type { IncomingMessage, ServerResponse } from 'node:http'
import { constants } from 'node:zlib'
import compression from 'compression'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Pages and their Inertia JSON: what the app writes while answering. */
const COMPRESSED_TYPES = /^(text\/html|application\/(hal\+)?json)\b/i

/**
 * Below about a kilobyte, compression saves less than the headers it adds.
 * Quality 4 (brotli) and level 6 (gzip) cost a fraction of a millisecond on a
 * petition page and shrink it four to six times; the bundle's files are
 * compressed once at build time instead, at the highest quality.
 */
const compress = compression({
  threshold: 1024,
  level: 6,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  filter: (_request: IncomingMessage, response: ServerResponse) =>
    COMPRESSED_TYPES.test(String(response.getHeader('Content-Type') ?? '')),
})

/**
 * HTML pages and Inertia's JSON answers compressed for browsers that accept
 * it (brotli or gzip). Downloads (CSV exports), streams and the precompressed
 * bundle go as they are.
 */
export default class CompressResponsesMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    return new Promise<void>((resolve, reject) => {
      compress(ctx.request.request as any, ctx.response.response as any, () => {
        Promise.resolve(next()).then(() => resolve(), reject)
      })
    })
  }
}
