import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { IMMUTABLE } from '#config/static'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

/** Brotli first, as it is the smaller; then gzip. */
function acceptedEncoding(header: string | undefined) {
  const accepted = (header ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return { encoding: 'br', suffix: '.br' }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', suffix: '.gz' }
  return null
}

async function isFile(path: string) {
  try {
    const stats = await stat(path)
    return stats.isFile()
  } catch {
    return false
  }
}

/**
 * The production bundle's scripts and styles (/assets/…) in the brotli or
 * gzip copy the build made, for a browser that takes it; anything else goes
 * on to the static files. Nothing is compressed while answering.
 */
export default class PrecompressedAssetsMiddleware {
  /** Resolved once: a middleware is made anew for every request. */
  static #assets: string | undefined

  async handle({ request, response }: HttpContext, next: NextFn) {
    const path = request.url()
    const type = TYPES[extname(path)]
    if (!path.startsWith('/assets/') || !type || !['GET', 'HEAD'].includes(request.method())) {
      return next()
    }
    const accepted = acceptedEncoding(request.header('accept-encoding'))
    const file = resolve(join(app.publicPath(), path))
    PrecompressedAssetsMiddleware.#assets ??= resolve(app.publicPath('assets'))
    if (!accepted || !file.startsWith(PrecompressedAssetsMiddleware.#assets + sep)) return next()
    const copy = file + accepted.suffix
    if (!(await isFile(copy))) return next()
    response.header('Content-Type', type)
    response.header('Content-Encoding', accepted.encoding)
    response.header('Vary', 'Accept-Encoding')
    response.header('Cache-Control', IMMUTABLE)
    response.stream(createReadStream(copy))
  }
}
