import { Exception } from '@adonisjs/core/exceptions'
import { errors as vineErrors } from '@vinejs/vine'
import type { I18n } from '@adonisjs/i18n'

export type RefusedField = { field: string; rule: string; meta?: Record<string, unknown> }

/**
 * Fields refused outside a validator: text the input gate cannot read, or a
 * value a unique index refused after two requests raced past the
 * validator's own check (two sign-ups with one e-mail at the same moment).
 * Answered exactly as a validator's refusal: each field's translated error
 * under it, 422 for JSON clients.
 */
export default class RefusedFieldsException extends Exception {
  static status = 422
  static code = 'E_REFUSED_FIELDS'

  constructor(readonly fields: RefusedField[]) {
    super(`Refused fields: ${fields.map(({ field }) => field).join(', ')}`)
  }

  /** The validation error a validator would report, in the page's language. */
  asValidationError(i18n: I18n) {
    const messages = i18n.createMessagesProvider()
    return new vineErrors.E_VALIDATION_ERROR(
      this.fields.map(({ field, rule, meta }) => {
        const name = field.split('.').pop()!
        const wildCardPath = field.replace(/\.\d+(?=\.|$)/g, '.*')
        const message = messages.getMessage(
          'The {{ field }} field is not valid',
          rule,
          { name, wildCardPath } as any,
          meta
        )
        return { field, rule, message }
      })
    )
  }
}
