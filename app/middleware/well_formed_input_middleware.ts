import { errors as vineErrors } from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BadRequestException from '#exceptions/bad_request_exception'
import { inspectInput } from '#services/input_inspection'

/**
 * Refuses unreadable text in the body and the query string before any
 * validator or query sees it. A form gets the usual validation answer, a
 * translated error under each such field (422 for JSON clients); a page
 * visit (GET), which has no form to go back to, gets the 400 page.
 */
export default class WellFormedInputMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const { request, i18n } = ctx
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

    const messages = i18n.createMessagesProvider()
    throw new vineErrors.E_VALIDATION_ERROR(
      [...fields].map((field) => {
        const name = field.split('.').pop()!
        const wildCardPath = field.replace(/\.\d+(?=\.|$)/g, '.*')
        const message = messages.getMessage(
          'The {{ field }} field contains characters that cannot be read',
          'readableText',
          { name, wildCardPath } as any,
          {}
        )
        return { field, rule: 'readableText', message }
      })
    )
  }
}
