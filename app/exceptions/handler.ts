import app from '@adonisjs/core/services/app'
import { errors as coreErrors } from '@adonisjs/core'
import { errors as shieldErrors } from '@adonisjs/shield'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import type { ErrorStatus } from '#app/types/props'
import DuplicateFieldException from '#exceptions/duplicate_field_exception'

/** Statuses with a page of their own; other client errors show the 400 page. */
const PAGE_STATUSES: readonly number[] = [400, 403, 404, 413, 419, 429]

/**
 * Errors become translated pages: 400 (a request that cannot be read), 403,
 * 404, 413 (too large), 419 (expired CSRF token), 429 (rate limit) and 500.
 * A request made by the app itself (Inertia, JSON) gets a JSON answer with a
 * translated message instead, which the client shows as a toast without
 * leaving the page and its form. Validation errors and redirects to the
 * login page keep the framework's own answers.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  protected renderStatusPages = true

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    '400..499': (error, ctx) => this.renderStatus(ctx, this.statusOf(error)),
    '500..599': (_, ctx) => this.renderStatus(ctx, 500),
  }

  private statusOf(error: unknown): number {
    if (error instanceof shieldErrors.E_BAD_CSRF_TOKEN) return 419
    if (error instanceof lucidErrors.E_ROW_NOT_FOUND) return 404
    if (error instanceof coreErrors.E_ROUTE_NOT_FOUND) return 404
    // A policy chooses its status: 403, or 404 for what the viewer may not know exists.
    if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) return error.response.status ?? 403
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return 429
    const status = (error as { status?: number })?.status
    return typeof status === 'number' ? status : 500
  }

  /** The page that explains a status: its own, or the generic client or server error. */
  private pageFor(status: number): ErrorStatus {
    if (PAGE_STATUSES.includes(status)) return status as ErrorStatus
    return status >= 500 ? 500 : 400
  }

  private async renderStatus(ctx: HttpContext, status: number) {
    const page = await ctx.inertia.render('Errors/Status', { status: this.pageFor(status) })
    ctx.response.status(status).send(page)
  }

  async handle(error: unknown, ctx: HttpContext) {
    if (error instanceof DuplicateFieldException) {
      return super.handle(error.asValidationError(ctx.i18n), ctx)
    }
    const status = this.statusOf(error)
    const showsPage = PAGE_STATUSES.includes(status) || (status >= 500 && !this.debug)
    if (!showsPage) return super.handle(error, ctx)

    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      Object.entries(error.getDefaultHeaders()).forEach(([name, value]) =>
        ctx.response.header(name, value)
      )
    }
    const wantsJson =
      ctx.request.header('x-inertia') || ctx.request.accepts(['html', 'json']) === 'json'
    if (wantsJson) {
      // An error raised before the locale middleware has no translator yet.
      const { i18n } = ctx as Partial<HttpContext>
      const message = i18n ? i18n.t(`page.errors.${this.pageFor(status)}.text`) : 'Error'
      return ctx.response.status(status).send({ status, message })
    }
    return this.renderStatus(ctx, status)
  }
}
