import type { ApiArea } from '#openapi/area'
import { jsonAnswer, schemaRef, tokenRefusals } from '#openapi/common'
import { API_TOKEN_PREFIX } from '#shared/api_access'
import { WEBHOOK_EVENTS } from '#shared/webhook_events'
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_URL_MAX_LENGTH } from '#shared/webhook_endpoints'

const TAG = 'Webhook endpoints'

const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e'
const ENDPOINT_EXAMPLE = {
  id: 12,
  url: 'https://crm.example.org/hooks/undersign',
  events: ['signature.confirmed', 'signature.withdrawn'],
  state: 'active',
  failingSince: null,
  disabledAt: null,
  createdAt: '2026-11-02T09:30:00.000+00:00',
}

const errors = (code: string, message: string, field?: string) => ({
  errors: [field ? { code, field, message } : { code, message }],
})

/** The answers every one of these routes may give besides its own. */
const refusals = tokenRefusals('webhooks:manage', { ownPetition: true })

const guidParameter = {
  name: 'guid',
  in: 'path',
  required: true,
  description: 'The petition’s guid: one of the token member’s own petitions.',
  schema: { type: 'string', format: 'uuid' },
  example: GUID,
}
const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The endpoint’s id.',
  schema: { type: 'integer', minimum: 1 },
  example: 12,
}
const common = { tags: [TAG], security: [{ apiToken: [] }] }

const dateTimeOrNull = { oneOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] }
const ENDPOINT_FIELDS = ['id', 'url', 'events', 'state', 'failingSince', 'disabledAt', 'createdAt']
/** An endpoint as the API answers it (never its secret, but on creation). */
const endpointProperties = {
  id: { type: 'integer', minimum: 1 },
  url: { type: 'string', format: 'uri' },
  events: { type: 'array', items: { enum: [...WEBHOOK_EVENTS] }, minItems: 1 },
  state: {
    enum: ['active', 'failing', 'disabled'],
    description:
      '`failing`: every try failed since `failingSince`; `disabled`: stopped after a day of failures, until its owner enables it again.',
  },
  failingSince: dateTimeOrNull,
  disabledAt: dateTimeOrNull,
  createdAt: { type: 'string', format: 'date-time' },
}

/**
 * The webhook endpoints of the token member's own petitions: list, add
 * (the signing secret answered once), delete, send a test event.
 */
const webhookEndpoints: ApiArea = {
  tags: [
    {
      name: TAG,
      description: `Where a petition's events are sent, signed as the Standard Webhooks specification says. A token with the \`webhooks:manage\` ability manages the endpoints of its member's own petitions (at most ${MAX_WEBHOOK_ENDPOINTS} a petition); the owner's page does the same, with the delivery log. Tokens start with \`${API_TOKEN_PREFIX}\`.`,
    },
  ],
  paths: {
    '/api/v1/petitions/{guid}/webhooks': {
      get: {
        ...common,
        operationId: 'api.v1.webhooks.index',
        summary: 'List a petition’s webhook endpoints',
        parameters: [guidParameter],
        responses: {
          '200': jsonAnswer(
            'The endpoints, oldest first; never their secrets.',
            schemaRef('WebhookEndpointList'),
            { data: [ENDPOINT_EXAMPLE] }
          ),
          ...refusals,
        },
      },
      post: {
        ...common,
        operationId: 'api.v1.webhooks.store',
        summary: 'Add a webhook endpoint',
        description:
          'The address is judged before it is stored: http or https (https only in production), resolving to public addresses only (never loopback, private, link-local or metadata addresses). The answer holds the signing secret, which is never given again.',
        parameters: [guidParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: schemaRef('NewWebhookEndpoint'),
              example: {
                url: 'https://crm.example.org/hooks/undersign',
                events: ['signature.confirmed', 'signature.withdrawn'],
              },
            },
          },
        },
        responses: {
          '201': jsonAnswer(
            'The endpoint, with its secret: keep it now.',
            schemaRef('CreatedWebhookEndpoint'),
            {
              data: { ...ENDPOINT_EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
            }
          ),
          '422': jsonAnswer(
            'Refused input, each field with a translated message (also: an address that is not public, not https, does not resolve, or one endpoint too many, under `url`).',
            schemaRef('TokenErrors'),
            errors(
              'invalid',
              'The address leads to a private or local network: only addresses on the public internet are allowed.',
              'url'
            )
          ),
          ...refusals,
        },
      },
    },
    '/api/v1/petitions/{guid}/webhooks/{id}': {
      delete: {
        ...common,
        operationId: 'api.v1.webhooks.destroy',
        summary: 'Delete a webhook endpoint',
        description: 'Its deliveries and their log go with it.',
        parameters: [guidParameter, idParameter],
        responses: { '204': { description: 'Deleted.' }, ...refusals },
      },
    },
    '/api/v1/petitions/{guid}/webhooks/{id}/test': {
      post: {
        ...common,
        operationId: 'api.v1.webhooks.test',
        summary: 'Send a test event',
        description:
          'Queues a `webhook.test` message to the endpoint: a new delivery with its own `webhook-id` each time. Its attempts show in the delivery log of the owner’s page.',
        parameters: [guidParameter, idParameter],
        responses: {
          '202': jsonAnswer('The test delivery is queued.', schemaRef('QueuedWebhookDelivery'), {
            data: {
              id: 481,
              messageId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W1',
              event: 'webhook.test',
              status: 'pending',
            },
          }),
          '409': jsonAnswer(
            'The endpoint is disabled (after a day of failures): enable it again first.',
            schemaRef('TokenErrors'),
            errors(
              'disabled',
              'This endpoint is disabled: enable it again on the petition’s webhooks page first.'
            )
          ),
          ...refusals,
        },
      },
    },
  },
  schemas: {
    WebhookEndpoint: {
      type: 'object',
      required: ENDPOINT_FIELDS,
      additionalProperties: false,
      properties: endpointProperties,
    },
    WebhookEndpointList: {
      type: 'object',
      required: ['data'],
      additionalProperties: false,
      properties: { data: { type: 'array', items: schemaRef('WebhookEndpoint') } },
    },
    NewWebhookEndpoint: {
      type: 'object',
      required: ['url', 'events'],
      properties: {
        url: { type: 'string', format: 'uri', maxLength: WEBHOOK_URL_MAX_LENGTH },
        events: {
          type: 'array',
          minItems: 1,
          maxItems: WEBHOOK_EVENTS.length,
          items: { enum: [...WEBHOOK_EVENTS] },
        },
      },
    },
    CreatedWebhookEndpoint: {
      type: 'object',
      required: ['data'],
      additionalProperties: false,
      properties: {
        data: {
          type: 'object',
          required: [...ENDPOINT_FIELDS, 'secret'],
          additionalProperties: false,
          properties: {
            ...endpointProperties,
            secret: {
              type: 'string',
              pattern: '^whsec_[A-Za-z0-9+/=]+$',
              description: 'The signing secret, given this once.',
            },
          },
        },
      },
    },
    QueuedWebhookDelivery: {
      type: 'object',
      required: ['data'],
      additionalProperties: false,
      properties: {
        data: {
          type: 'object',
          required: ['id', 'messageId', 'event', 'status'],
          additionalProperties: false,
          properties: {
            id: { type: 'integer', minimum: 1 },
            messageId: { type: 'string', pattern: '^msg_' },
            event: { const: 'webhook.test' },
            status: { const: 'pending' },
          },
        },
      },
    },
  },
}

export default webhookEndpoints
