import app from '@adonisjs/core/services/app'
import { errors as coreErrors } from '@adonisjs/core'
import { errors as shieldErrors } from '@adonisjs/shield'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as driveErrors } from '@adonisjs/drive'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import type { IncomingMessage } from 'node:http'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { isServiceUnavailable } from '#support/unavailable_services'
import { RefusedUpload } from '#support/uploads'

/** The most of a refused body that is read and dropped before answering. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024

/**
 * Reads and drops what is left of a request body the server refused unread
 * (too large), so that the client receives the answer: closing a socket with
 * unread data resets the connection before the client sees it.
 */
function drainBody(request: IncomingMessage) {
  if (request.complete) return
  return new Promise<void>((resolve) => {
    let seen = 0
    const done = () => {
      request.off('data', count)
      resolve()
    }
    const count = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > MAX_DRAINED_BYTES) done()
    }
    request.on('data', count)
    request.once('end', done)
    request.once('close', done)
    request.once('error', done)
    request.resume()
  })
}

/** A file URL no stored file can have: characters or a path traversal the disk refuses. */
const IMPOSSIBLE_FILE_KEYS = [
  'E_UNALLOWED_CHARACTERS',
  'E_PATH_TRAVERSAL_DETECTED',
  'E_INVALID_KEY',
]

/**
 * The statuses with a translated error page of their own; other client
 * errors show the 400 page, a 5xx the 500 page. A 503 says that the
 * database, Redis or the bucket did not answer: try again in a moment.
 */
const OWN_PAGES = [400, 403, 404, 413, 419, 429, 503] as const
const PAGE_STATUSES: readonly number[] = OWN_PAGES
/**
 * What an Inertia visit (a click on a link) shows as a page: an answer about
 * the address itself. Any other error, and every refused form, is a toast
 * over the page the visitor is on (a rate limit, a failure: try again).
 */
const VISITED_STATUSES: readonly number[] = [403, 404]
export type ErrorStatus = (typeof OWN_PAGES)[number] | 500

/** The token routes: programs, answered in JSON whatever they accept. */
const isApiPath = (ctx: HttpContext) => ctx.request.url().startsWith('/api/')

/** Seconds after which a request answered 503 may be sent again. */
const RETRY_AFTER_SECONDS = 10

/**
 * Errors become translated pages: 400 (a request that cannot be read), 403,
 * 404, 413 (too large), 419 (expired CSRF token), 429 (rate limit), 503 (a
 * server the site depends on is away) and 500.
 * An Inertia visit to a missing or forbidden page gets that page as an
 * Inertia answer with its status. Any other request made by the app itself
 * (a form, an upload, a request for JSON) gets a JSON answer with a translated
 * message instead, which the client shows as a toast without leaving the
 * page and its form. Validation errors and redirects to the login page keep
 * the framework's own answers.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  protected renderStatusPages = true

  // Client errors that need no one's attention (scanners ask for unknown pages).
  protected ignoreStatuses = [400, 401, 404, 413, 422]
  protected ignoreCodes = IMPOSSIBLE_FILE_KEYS

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    '400..499': (error, ctx) => this.renderStatus(ctx, this.statusOf(error)),
    '500..599': (error, ctx) => this.renderStatus(ctx, this.pageFor(this.statusOf(error))),
  }

  /** A refusal is reported by the status it answers with: a policy's 404 is one of the ignored. */
  protected shouldReport(error: Parameters<ExceptionHandler['shouldReport']>[0]) {
    if (this.ignoreStatuses.includes(this.statusOf(error))) return false
    return super.shouldReport(error)
  }

  private statusOf(error: unknown): number {
    if (error instanceof shieldErrors.E_BAD_CSRF_TOKEN) return 419
    if (error instanceof lucidErrors.E_ROW_NOT_FOUND) return 404
    if (error instanceof coreErrors.E_ROUTE_NOT_FOUND) return 404
    // A policy chooses its status: 403, or 404 for what the viewer may not know exists.
    if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) return error.response.status ?? 403
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return 429
    // A refused upload is answered as a validator's refusal, and needs no one's attention as one.
    if (error instanceof RefusedUpload) return 422
    if (IMPOSSIBLE_FILE_KEYS.includes((error as { code?: string })?.code ?? '')) return 404
    // PostgreSQL restarting, Redis away, the bucket unreachable: nothing the request did wrong.
    if (isServiceUnavailable(error)) return 503
    // The disk tells a missing upload (404) from a failing one (500).
    if (error instanceof driveErrors.CannotServeFileException) return error.parseError(error).status
    const status = (error as { status?: number })?.status
    return typeof status === 'number' ? status : 500
  }

  /** The page that explains a status: its own, or the generic client or server error. */
  private pageFor(status: number): ErrorStatus {
    const own = OWN_PAGES.find((pageStatus) => pageStatus === status)
    return own ?? (status >= 500 ? 500 : 400)
  }

  /**
   * A form's refused upload, explained under the field that sent the file
   * (each upload form sends one): its error shows under that field, the form
   * keeps what was typed. Routes that answer an upload in JSON (an avatar, a
   * picture in a petition's text) say why themselves.
   */
  private refusedFile(ctx: HttpContext, error: RefusedUpload) {
    const [field = 'file'] = Object.keys(ctx.request.allFiles())
    return { field, rule: error.rule }
  }

  private async renderStatus(ctx: HttpContext, status: number) {
    const page = await ctx.inertia.render('Errors/Status', { status: this.pageFor(status) })
    ctx.response.status(status).send(page)
  }

  /** `{errors:[{code, message}]}`, the body every token route answers an error with. */
  private renderApiError(ctx: HttpContext, status: number, code: string) {
    const { i18n } = ctx as Partial<HttpContext>
    const message = i18n ? i18n.t(`api.errors.${code}`) : code
    return ctx.response.status(status).send({ errors: [{ code, message }] })
  }

  async handle(error: unknown, ctx: HttpContext) {
    const refused =
      error instanceof RefusedUpload
        ? new RefusedFieldsException([this.refusedFile(ctx, error)])
        : error
    if (refused instanceof RefusedFieldsException) {
      return super.handle(refused.asValidationError(ctx.i18n), ctx)
    }
    const status = this.statusOf(error)
    if (status === 413) await drainBody(ctx.request.request)
    const showsPage = PAGE_STATUSES.includes(status) || (status >= 500 && !this.debug)
    if (!showsPage) return super.handle(error, ctx)

    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      Object.entries(error.getDefaultHeaders()).forEach(([name, value]) =>
        ctx.response.header(name, value)
      )
      // A program calling the API reads the same JSON errors as its 401 and 403.
      if (isApiPath(ctx)) return this.renderApiError(ctx, status, 'rate_limited')
    }
    if (status === 503) ctx.response.header('Retry-After', String(RETRY_AFTER_SECONDS))
    const inertiaRequest = Boolean(ctx.request.header('x-inertia'))
    // A link to a page that is missing or not the visitor's leads to that
    // page's answer, as a full load does: Inertia shows a page object whatever
    // its status, at the visited address.
    if (inertiaRequest && ctx.request.method() === 'GET' && VISITED_STATUSES.includes(status)) {
      return this.renderStatus(ctx, status)
    }
    const wantsJson = inertiaRequest || ctx.request.accepts(['html', 'json']) === 'json'
    if (wantsJson) {
      // An error raised before the locale middleware has no translator yet.
      const { i18n } = ctx as Partial<HttpContext>
      const message = i18n ? i18n.t(`page.errors.${this.pageFor(status)}.text`) : 'Error'
      return ctx.response.status(status).send({ status, message })
    }
    return this.renderStatus(ctx, status)
  }
}
