import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import { publicLocationOf } from '#services/uploads/public_location'
import { UPLOAD_REDIRECT_CACHE_CONTROL } from '#support/uploads'

/**
 * With uploads in a bucket (DRIVE_DISK=s3), the addresses the site stored,
 * /uploads/{key}, send the browser to the object itself; the redirect is
 * cacheable, and the object is cached for a year.
 */
export default class UploadsController {
  async show({ params, response }: HttpContext) {
    const location = await publicLocationOf(params['*'] ?? [])
    if (!location) throw new NotFoundException()
    response.header('Cache-Control', UPLOAD_REDIRECT_CACHE_CONTROL)
    return response.redirect(location)
  }
}
