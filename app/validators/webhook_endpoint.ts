import vine from '@vinejs/vine'
import { WEBHOOK_EVENTS } from '#shared/webhook_events'
import { WEBHOOK_URL_MAX_LENGTH } from '#shared/webhook_endpoints'

/**
 * POST /petition/{guid}/webhooks and POST /api/v1/petitions/{guid}/webhooks:
 * a new endpoint, its address (http or https; where it may lead is judged
 * by the service) and one or more of the events. Error keys: url, events.
 */
export const webhookEndpointValidator = vine.create({
  url: vine
    .string()
    .trim()
    .maxLength(WEBHOOK_URL_MAX_LENGTH)
    .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }),
  events: vine.array(vine.enum(WEBHOOK_EVENTS)).minLength(1).maxLength(WEBHOOK_EVENTS.length),
})
