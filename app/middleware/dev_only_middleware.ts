import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import NotFoundException from '#exceptions/not_found_exception'

/** Routes for developers (the test page, the mail outbox): unknown pages in production. */
export default class DevOnlyMiddleware {
  handle(_ctx: HttpContext, next: NextFn) {
    if (app.inProduction) throw new NotFoundException()
    return next()
  }
}
