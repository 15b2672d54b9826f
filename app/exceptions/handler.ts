import app from '@adonisjs/core/services/app'
import { errors as coreErrors } from '@adonisjs/core'
import { errors as shieldErrors } from '@adonisjs/shield'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'

type ErrorStatus = 403 | 404 | 419 | 429 | 500

/**
 * Errors become translated pages (decisions 28): 404, 403, 419 (expired CSRF
 * token), 429 (rate limit) and 500. A request made by the app itself
 * (Inertia, JSON) gets a JSON answer with a translated message instead, which
 * the client shows as a toast without leaving the page and its form.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  protected renderStatusPages = true

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    '403': (_, ctx) => this.renderStatus(ctx, 403),
    '404': (_, ctx) => this.renderStatus(ctx, 404),
    '419': (_, ctx) => this.renderStatus(ctx, 419),
    '429': (_, ctx) => this.renderStatus(ctx, 429),
    '500..599': (_, ctx) => this.renderStatus(ctx, 500),
  }

  private statusOf(error: unknown): number {
    if (error instanceof shieldErrors.E_BAD_CSRF_TOKEN) return 419
    if (error instanceof lucidErrors.E_ROW_NOT_FOUND) return 404
    if (error instanceof coreErrors.E_ROUTE_NOT_FOUND) return 404
    if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) return 403
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return 429
    const status = (error as { status?: number })?.status
    return typeof status === 'number' ? status : 500
  }

  private async renderStatus(ctx: HttpContext, status: ErrorStatus) {
    const page = await ctx.inertia.render('Errors/Status', { status })
    ctx.response.status(status).send(page)
  }

  private messageFor(ctx: HttpContext, status: number) {
    const key =
      ({ 403: '403', 404: '404', 419: '419', 429: '429' } as Record<number, string>)[status] ??
      '500'
    return ctx.i18n ? ctx.i18n.t(`page.errors.${key}.text`) : 'Error'
  }

  async handle(error: unknown, ctx: HttpContext) {
    const status = this.statusOf(error)
    const wantsJson =
      ctx.request.header('x-inertia') || ctx.request.accepts(['html', 'json']) === 'json'

    // Validation errors keep their usual path: back to the form with errors.
    if (status === 422 || (error as { code?: string })?.code === 'E_VALIDATION_ERROR') {
      return super.handle(error, ctx)
    }

    if (status === 429 && error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      const headers = error.getDefaultHeaders()
      Object.entries(headers).forEach(([name, value]) => ctx.response.header(name, value))
    }

    if (wantsJson && [403, 404, 419, 429].includes(status)) {
      return ctx.response.status(status).send({ status, message: this.messageFor(ctx, status) })
    }

    if (status === 403 || status === 404 || status === 419 || status === 429) {
      return this.renderStatus(ctx, status)
    }

    // In development the framework's error page, with its stack trace, helps more.
    if (status >= 500 && !this.debug) return this.renderStatus(ctx, 500)
    return super.handle(error, ctx)
  }

  async report(error: unknown, ctx: HttpContext) {
    return super.report(error, ctx)
  }
}
