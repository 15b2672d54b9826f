import { errors as vineErrors } from '@vinejs/vine'
import type { I18n } from '@adonisjs/i18n'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointRefusal } from '#shared/webhook_endpoints'

/**
 * An endpoint refused at registration, under its `url` field as a
 * validator's refusal is: a destination the sender would never reach (or
 * must never reach), or one endpoint too many. Its message comes from the
 * `webhooks` translations.
 */
export default class WebhookEndpointRefusedException extends RefusedFieldsException {
  constructor(readonly reason: WebhookEndpointRefusal) {
    super([{ field: 'url', rule: `webhookEndpoint.${reason}` }])
  }

  /** The translated message of the refusal, in the request's language. */
  messageIn(i18n: I18n) {
    return i18n.t(`webhooks.refusals.${this.reason}`, { max: MAX_WEBHOOK_ENDPOINTS })
  }

  asValidationError(i18n: I18n) {
    return new vineErrors.E_VALIDATION_ERROR([
      { field: 'url', rule: `webhookEndpoint.${this.reason}`, message: this.messageIn(i18n) },
    ])
  }
}
