import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/** Whether a path's last segment has an extension: every file in public/ does, no page does. */
export function namesAFile(path: string) {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return name.lastIndexOf('.') > 0
}

/**
 * The files of public/ (banner templates, icons, the built assets the
 * precompressed middleware left), tried only for a path that names a file.
 * Trying every page first cost each request a look at the disk and a
 * wrapped response.
 */
@inject()
export default class PublicFilesMiddleware {
  constructor(private files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (!namesAFile(ctx.request.url())) return next()
    return this.files.handle(ctx, next)
  }
}
