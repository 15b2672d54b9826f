import { Exception } from '@adonisjs/core/exceptions'
import { errors as vineErrors } from '@vinejs/vine'
import type { I18n } from '@adonisjs/i18n'

/**
 * A value a unique index refused after two requests raced past the
 * validator's own check (two sign-ups with one e-mail at the same moment).
 * The loser gets the answer the validator gives: the field's usual error.
 */
export default class DuplicateFieldException extends Exception {
  static status = 422
  static code = 'E_DUPLICATE_FIELD'

  constructor(
    readonly field: string,
    readonly rule = 'database.unique'
  ) {
    super(`The ${field} is already taken`)
  }

  /** The validation error the validator reports for this field, in the page's language. */
  asValidationError(i18n: I18n) {
    const message = i18n
      .createMessagesProvider()
      .getMessage(this.message, this.rule, { name: this.field, wildCardPath: this.field } as any)
    return new vineErrors.E_VALIDATION_ERROR([{ field: this.field, rule: this.rule, message }])
  }
}
