import type { ApiArea } from '#openapi/area'
import { DIRECT_SOURCE, SOURCE_MAX_LENGTH } from '#shared/signature_sources'

/** The token routes' error body: one error with a code and a message in the site's language. */
const errorBody = (code: string, message: string) => ({
  description: message,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['errors'],
        properties: {
          errors: {
            type: 'array',
            items: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string', const: code }, message: { type: 'string' } },
            },
          },
        },
      },
      example: { errors: [{ code, message }] },
    },
  },
})

const EXAMPLE = {
  petition: { guid: '0b6f1c9e-3d0a-4d5e-9a55-2f1e8c7b4a10', slug: 'save-the-park' },
  sources: [
    { source: 'newsletter-dec', confirmed: 3 },
    { source: DIRECT_SOURCE, confirmed: 2 },
    { source: 'share-whatsapp', confirmed: 1 },
  ],
  days: [
    { day: '2026-03-01', source: DIRECT_SOURCE, confirmed: 1 },
    { day: '2026-03-01', source: 'newsletter-dec', confirmed: 1 },
    { day: '2026-03-02', source: 'newsletter-dec', confirmed: 2 },
    { day: '2026-03-02', source: 'share-whatsapp', confirmed: 1 },
    { day: '2026-03-04', source: DIRECT_SOURCE, confirmed: 1 },
  ],
}

const sourceName = {
  type: 'string',
  description: `A \`?source=\` code (letters, digits, - and _, at most ${SOURCE_MAX_LENGTH}), a code the site sets (share-<network>, widget, poster), or \`${DIRECT_SOURCE}\` for signatures that came with none.`,
  pattern: `^[A-Za-z0-9_-]{1,${SOURCE_MAX_LENGTH}}$`,
}

/** Where a petition's signatures came from (docs/api.md, "Where signatures came from"). */
const sources: ApiArea = {
  tags: [
    {
      name: 'Sources',
      description:
        'Where the confirmed signatures of your own petitions came from: by `?source=` code and by day.',
    },
  ],
  paths: {
    '/api/v1/petitions/{guid}/sources': {
      get: {
        operationId: 'api.v1.sources',
        tags: ['Sources'],
        summary: 'Confirmed signatures by source and by day',
        description:
          'The confirmed signatures that count of one of the token member’s own petitions: by source, largest first, and by UTC day of confirmation and source, oldest first. Needs the `signatures:read` ability; another member’s petition is 404.',
        security: [{ apiToken: [] }],
        parameters: [
          {
            name: 'guid',
            in: 'path',
            required: true,
            description: 'The petition’s guid.',
            schema: { type: 'string', format: 'uuid' },
          },
        ],
        responses: {
          200: {
            description: 'The counts.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/SignatureSources' },
                example: EXAMPLE,
              },
            },
          },
          401: errorBody('unauthorized', 'A valid API token is needed.'),
          403: errorBody('forbidden', 'This token may not do this: it needs “signatures:read”.'),
          404: errorBody('not_found', 'Not found, or not one of your petitions.'),
          429: errorBody(
            'rate_limited',
            'Too many requests with this token. Please wait a minute and try again.'
          ),
        },
      },
    },
  },
  schemas: {
    SignatureSources: {
      type: 'object',
      required: ['petition', 'sources', 'days'],
      additionalProperties: false,
      properties: {
        petition: {
          type: 'object',
          required: ['guid', 'slug'],
          additionalProperties: false,
          properties: { guid: { type: 'string', format: 'uuid' }, slug: { type: 'string' } },
        },
        sources: {
          type: 'array',
          items: {
            type: 'object',
            required: ['source', 'confirmed'],
            additionalProperties: false,
            properties: { source: sourceName, confirmed: { type: 'integer', minimum: 1 } },
          },
        },
        days: {
          type: 'array',
          items: {
            type: 'object',
            required: ['day', 'source', 'confirmed'],
            additionalProperties: false,
            properties: {
              day: { type: 'string', format: 'date', description: 'A UTC day.' },
              source: sourceName,
              confirmed: { type: 'integer', minimum: 1 },
            },
          },
        },
      },
    },
  },
}

export default sources
