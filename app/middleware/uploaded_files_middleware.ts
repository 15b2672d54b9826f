import { rm } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import BadRequestException from '#exceptions/bad_request_exception'
import bodyParserConfig, { MULTIPART_ROUTES } from '#config/bodyparser'
import { ONE_CLICK_UNSUBSCRIBE_ROUTES } from '#support/http/one_click_unsubscribe'

/** Every uploaded file of a request, however its fields nest. */
function uploadedFiles(value: unknown): MultipartFile[] {
  if (!value || typeof value !== 'object') return []
  if ('tmpPath' in value && 'fieldName' in value) return [value as MultipartFile]
  return Object.values(value).flatMap(uploadedFiles)
}

/** A one-click unsubscribe's multipart form is one short field, well under this. */
const ONE_CLICK_MULTIPART_BYTES = 8 * 1024

/** Whether a body says how long it is, and is short enough for a one-click form. */
function isSmallBody(request: HttpContext['request']) {
  const length = Number(request.header('content-length'))
  return Number.isInteger(length) && length <= ONE_CLICK_MULTIPART_BYTES
}

/**
 * Runs around the body parser. A multipart body is read only on the routes
 * that take one (uploads, and one-click unsubscribes when short); anywhere
 * else it is refused unread with the 400 of a body that does not parse. The
 * temporary files of an upload are deleted once the request is answered,
 * whether it succeeded or failed: nothing keeps them afterwards (pictures
 * are re-encoded to the disk).
 */
export default class UploadedFilesMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    const multipart =
      bodyParserConfig.allowedMethods.includes(request.method()) &&
      request.hasBody() &&
      Boolean(request.is(bodyParserConfig.multipart.types))
    if (!multipart) return next()
    const pattern = ctx.route?.pattern ?? ''
    if (!MULTIPART_ROUTES.includes(pattern)) throw new BadRequestException()
    // Anyone may post to those links: a form larger than one field is no one-click.
    if (ONE_CLICK_UNSUBSCRIBE_ROUTES.includes(pattern) && !isSmallBody(request)) {
      throw new BadRequestException()
    }

    try {
      return await next()
    } finally {
      let files: MultipartFile[] = []
      try {
        files = uploadedFiles(request.allFiles())
      } catch {
        // The body parser never started: no file was written.
      }
      await Promise.all(
        files.map((file) => (file.tmpPath ? rm(file.tmpPath, { force: true }) : null))
      )
    }
  }
}
