import type { ApiArea } from '#openapi/area'
import { objectOf, schemaRef } from '#openapi/common'
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '#shared/webhook_events'

/*
 * What the site sends to a petition's webhook endpoints: one message schema
 * per event type, and OpenAPI 3.1 `webhooks` (one Path Item per type) with
 * the Standard Webhooks headers. docs/api.md, "Webhooks", says the rest.
 */

const TAG = 'Webhooks'

type Schema = Record<string, unknown>

const text = { type: 'string' } as const
const nullableText = { type: ['string', 'null'] } as const
const time = { type: 'string', format: 'date-time' } as const
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const
const date = { type: 'string', format: 'date' } as const

/** A message of `type` whose `data` has the petition and `extra`. */
function message(type: string, extra: Record<string, unknown>, description: string): Schema {
  return objectOf(
    {
      type: { const: type },
      timestamp: { ...time, description: 'When the event happened (UTC).' },
      data: objectOf({ petition: schemaRef('WebhookPetition'), ...extra }, 'What happened.'),
    },
    description
  )
}

const petitionExample = {
  guid: '7d0c8f52-3b0e-4c5a-9a57-2f6b1e0c9d11',
  slug: 'a-safe-crossing-at-school-12',
  title: 'A safe crossing at School 12',
}

const signatureExample = {
  id: 4211,
  firstName: 'Olena',
  lastName: 'Koval',
  email: 'olena@example.org',
  country: 'UA',
  customFields: { District: 'Podil' },
  anonymous: false,
  confirmed: true,
  active: true,
  signedAt: '2026-12-07T14:04:02.000Z',
  confirmedAt: '2026-12-07T14:05:30.000Z',
  source: 'newsletter',
  contactConsent: true,
  contactConsentAt: '2026-12-07T14:04:02.000Z',
  identityVerified: false,
}

const schemas: Record<string, Schema> = {
  WebhookPetition: objectOf(
    { guid: text, slug: text, title: text },
    'How every message names its petition.'
  ),
  WebhookSignature: objectOf(
    {
      id: { type: 'integer' },
      firstName: text,
      lastName: text,
      email: { type: 'string', format: 'email' },
      country: { ...nullableText, description: 'ISO 3166-1 alpha-2.' },
      postalCode: { ...nullableText, description: 'Only when the petition asks for it.' },
      comment: { ...nullableText, description: 'Only when the petition allows comments.' },
      customFields: {
        type: 'object',
        additionalProperties: text,
        description: 'The answers to the petition’s own questions, by title.',
      },
      side: { enum: ['support', 'oppose'], description: 'Only when it allows opponents.' },
      anonymous: { type: 'boolean' },
      confirmed: { type: 'boolean' },
      active: { type: 'boolean' },
      signedAt: time,
      confirmedAt: nullableTime,
      source: nullableText,
      contactConsent: { type: 'boolean' },
      contactConsentAt: nullableTime,
      identityVerified: {
        type: 'boolean',
        description: 'Its signer verified their identity through one of the site’s providers.',
      },
    },
    'A signature with exactly the fields of the owner’s CSV export.',
    ['postalCode', 'comment', 'side']
  ),
  SignatureConfirmedMessage: message(
    'signature.confirmed',
    { signature: schemaRef('WebhookSignature') },
    'A signature was confirmed.'
  ),
  SignatureWithdrawnMessage: message(
    'signature.withdrawn',
    { signature: schemaRef('WebhookSignature') },
    'A confirmed signature was withdrawn; the signature as it was.'
  ),
  PetitionMilestoneMessage: message(
    'petition.milestone',
    {
      milestone: objectOf(
        {
          signatures: { type: 'integer', description: 'The milestone reached.' },
          target: { type: 'integer' },
          isTarget: { type: 'boolean' },
          supportCount: { type: 'integer' },
          reachedAt: time,
        },
        'The milestone reached (the highest, when several were passed at once).'
      ),
    },
    'The support reached a new milestone.'
  ),
  PetitionAnsweredMessage: message(
    'petition.answered',
    {
      response: objectOf(
        {
          id: { type: 'integer' },
          responder: text,
          responderRole: nullableText,
          respondedOn: date,
          body: { ...text, description: 'Sanitised HTML.' },
          fromDecisionMaker: { type: 'boolean' },
        },
        'The response published.'
      ),
    },
    'A response was published.'
  ),
  PetitionUpdatedMessage: message(
    'petition.updated',
    {
      update: {
        oneOf: [
          objectOf(
            { kind: { const: 'news' }, title: text, description: nullableText, date, at: time },
            'A news update the owner posted.'
          ),
          objectOf(
            { kind: { const: 'text' }, title: text, target: text, description: text, at: time },
            'The text after a substantive change.'
          ),
        ],
      },
    },
    'The owner posted news or changed the text substantively.'
  ),
  PetitionClosedMessage: message(
    'petition.closed',
    {
      closed: objectOf(
        { by: { enum: ['date', 'owner', 'moderator'] }, at: nullableTime },
        'Who closed it, and when.'
      ),
    },
    'Signing closed.'
  ),
  WebhookTestMessage: message(
    WEBHOOK_TEST_EVENT,
    { test: { const: true } },
    'The owner’s “send a test event”.'
  ),
}

const examples: Record<string, Record<string, unknown>> = {
  'signature.confirmed': { signature: signatureExample },
  'signature.withdrawn': { signature: signatureExample },
  'petition.milestone': {
    milestone: {
      signatures: 1000,
      target: 1000,
      isTarget: true,
      supportCount: 1003,
      reachedAt: '2026-12-07T14:05:31.000Z',
    },
  },
  'petition.answered': {
    response: {
      id: 17,
      responder: 'Kyiv City Council',
      responderRole: null,
      respondedOn: '2026-12-06',
      body: '<p>We will build the crossing next spring.</p>',
      fromDecisionMaker: true,
    },
  },
  'petition.updated': {
    update: {
      kind: 'news',
      title: 'Council meeting',
      description: 'We spoke at the council.',
      date: '2026-12-05',
      at: '2026-12-07T14:05:31.000Z',
    },
  },
  'petition.closed': { closed: { by: 'date', at: '2026-12-07T00:00:00.000Z' } },
  [WEBHOOK_TEST_EVENT]: { test: true },
}

const SCHEMA_OF: Record<string, string> = {
  'signature.confirmed': 'SignatureConfirmedMessage',
  'signature.withdrawn': 'SignatureWithdrawnMessage',
  'petition.milestone': 'PetitionMilestoneMessage',
  'petition.answered': 'PetitionAnsweredMessage',
  'petition.updated': 'PetitionUpdatedMessage',
  'petition.closed': 'PetitionClosedMessage',
  [WEBHOOK_TEST_EVENT]: 'WebhookTestMessage',
}

const headers = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The message’s id (`msg_…`), the same on every retry: de-duplicate by it.',
    schema: { type: 'string', pattern: '^msg_[A-Za-z0-9_-]+$' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this try was signed, in seconds since 1970.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the secret after `whsec_` (base64-decoded).',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+$' },
  },
]

function pathItem(type: string) {
  return {
    post: {
      tags: [TAG],
      summary: `${type}: ${String((schemas[SCHEMA_OF[type]] as { description: string }).description)}`,
      operationId: `webhook_${type.replace('.', '_')}`,
      parameters: headers,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: schemaRef(SCHEMA_OF[type]),
            example: {
              type,
              timestamp: '2026-12-07T14:05:31.214Z',
              data: { petition: petitionExample, ...examples[type] },
            },
          },
        },
      },
      responses: {
        '2XX': { description: 'Delivered: any 2xx status; anything else is tried again.' },
      },
    },
  }
}

const area: ApiArea = {
  tags: [
    {
      name: TAG,
      description:
        'What the site POSTs to a petition’s webhook endpoints, signed as Standard Webhooks says.',
    },
  ],
  paths: {},
  schemas,
  webhooks: Object.fromEntries(
    [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].map((type) => [type, pathItem(type)])
  ),
}

export default area
