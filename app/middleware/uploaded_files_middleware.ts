import { rm } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import BadRequestException from '#exceptions/bad_request_exception'
import bodyParserConfig, { MULTIPART_ROUTES } from '#config/bodyparser'

/** Every uploaded file of a request, however its fields nest. */
function uploadedFiles(value: unknown): MultipartFile[] {
  if (!value || typeof value !== 'object') return []
  if ('tmpPath' in value && 'fieldName' in value) return [value as MultipartFile]
  return Object.values(value).flatMap(uploadedFiles)
}

/**
 * Runs around the body parser. A multipart body is read only on the routes
 * that take one (uploads, one-click unsubscribes); anywhere else it is refused unread with the 400 of a body that does
 * not parse. The temporary files of an upload are deleted once the request is
 * answered, whether it succeeded or failed: nothing keeps them afterwards
 * (pictures are re-encoded to the disk).
 */
export default class UploadedFilesMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    const multipart =
      bodyParserConfig.allowedMethods.includes(request.method()) &&
      request.hasBody() &&
      Boolean(request.is(bodyParserConfig.multipart.types))
    if (!multipart) return next()
    if (!MULTIPART_ROUTES.includes(ctx.route?.pattern ?? '')) throw new BadRequestException()

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
