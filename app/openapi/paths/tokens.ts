import type { ApiArea } from '#openapi/area'
import { API_ABILITIES, API_TOKEN_PREFIX } from '#shared/api_access'

/** An error body of the token routes, with one example message. */
function errorResponse(description: string, code: string, message: string) {
  return {
    description,
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ApiErrors' },
        example: { errors: [{ code, message }] },
      },
    },
  }
}

const unauthorized = {
  ...errorResponse(
    'No token, or a malformed, unknown, expired or revoked one.',
    'unauthorized',
    'A valid API token is needed: send it as “Authorization: Bearer ust_…”. It may have expired or been revoked.'
  ),
  headers: {
    'WWW-Authenticate': { schema: { type: 'string', example: 'Bearer realm="api"' } },
  },
}

const rateLimited = {
  ...errorResponse(
    'More than 600 requests in a minute with this token.',
    'rate_limited',
    'Too many requests with this token. Please wait a minute and try again.'
  ),
  headers: {
    'Retry-After': {
      description: 'Seconds to wait before sending again.',
      schema: { type: 'integer', minimum: 0, example: 42 },
    },
  },
}

/**
 * The tokens' own route: whom a token belongs to, what it may do and until
 * when. Its bearer scheme, `apiToken`, is the document's.
 */
const tokens: ApiArea = {
  tags: [
    {
      name: 'Tokens',
      description: `A member's API tokens (\`${API_TOKEN_PREFIX}…\`), made and revoked in their account settings and sent as \`Authorization: Bearer\`.`,
    },
  ],
  paths: {
    '/api/v1/me': {
      get: {
        operationId: 'getMe',
        tags: ['Tokens'],
        summary: 'The token’s member and the token itself',
        description:
          'Any valid token, whatever its abilities: a tool’s first call, to check the token it was given.',
        security: [{ apiToken: [] }],
        responses: {
          '200': {
            description: 'The member the token belongs to, and the token.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Me' },
                example: {
                  id: 42,
                  name: 'Olena Koval',
                  token: {
                    name: 'CiviCRM sync',
                    abilities: ['signatures:read', 'webhooks:manage'],
                    expiresAt: '2027-03-07T13:27:00.000Z',
                  },
                },
              },
            },
          },
          '401': unauthorized,
          '429': rateLimited,
        },
      },
    },
  },
  schemas: {
    Me: {
      type: 'object',
      required: ['id', 'name', 'token'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer', description: 'The member’s id.' },
        name: { type: 'string', description: 'The member’s full name.' },
        token: {
          type: 'object',
          required: ['name', 'abilities', 'expiresAt'],
          additionalProperties: false,
          properties: {
            name: { type: ['string', 'null'], description: 'The name its member gave it.' },
            abilities: {
              type: 'array',
              items: { type: 'string', enum: [...API_ABILITIES] },
              description: 'What the token may do.',
            },
            expiresAt: {
              type: ['string', 'null'],
              format: 'date-time',
              description: 'When it stops working (at most a year after its making).',
            },
          },
        },
      },
    },
    ApiErrors: {
      type: 'object',
      required: ['errors'],
      additionalProperties: false,
      properties: {
        errors: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: {
                type: 'string',
                description: 'What went wrong, for programs.',
                examples: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
              },
              message: { type: 'string', description: 'The same, in the site’s language.' },
            },
          },
        },
      },
    },
  },
}

export default tokens
