import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BadRequestException from '#exceptions/bad_request_exception'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { inspectInput } from '#support/input_inspection'

/**
 * Refuses unreadable text in the body and the query string before any
 * validator or query sees it. A form gets the usual validation answer, a
 * translated error under each such field (422 for JSON clients); a page
 * visit (GET), which has no form to go back to, gets the 400 page.
 */
export default class WellFormedInputMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    const body = inspectInput(request.body())
    const query = inspectInput(request.qs())
    if (body.tooDeep || query.tooDeep) throw new BadRequestException()

    // A field named like a member of every object (toString, __proto__) would
    // break the session's error bag: it is reported as the input's.
    const fields = new Set(
      [...body.unreadableFields, ...query.unreadableFields].map((field) =>
        field in Object.prototype ? 'input' : field
      )
    )
    if (fields.size === 0) return next()
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method())) throw new BadRequestException()

    throw new RefusedFieldsException([...fields].map((field) => ({ field, rule: 'readableText' })))
  }
}
