import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Routes for developers (the test page, the mail outbox): 404 in production. */
export default class DevOnlyMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (app.inProduction) return ctx.response.notFound()
    return next()
  }
}
