import type { ApiObject } from '#openapi/area'

/*
 * Pieces every area of the API's description uses: references, answers in
 * JSON, and the errors the site gives, as it really gives them.
 */

/** A reference to a schema of the document's components. */
export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` })

/** A value or null, for a field that may be empty. */
export const nullable = (schema: ApiObject) => ({ oneOf: [schema, { type: 'null' }] })

export const dateTime = { type: 'string', format: 'date-time' } as const
export const count = { type: 'integer', minimum: 0 } as const

/** An answer in JSON with its schema and an example of it. */
export function jsonAnswer(description: string, schema: ApiObject, example: unknown) {
  return { description, content: { 'application/json': { schema, example } } }
}

/**
 * An error of a page or of open data, in JSON for a client that asks for it
 * (`Accept: application/json`); a browser gets the same error as a page.
 * The message is in the language of the site asked.
 */
const errorSchemas = {
  Error: {
    type: 'object',
    description:
      'An error, in JSON when the request asked for it (`Accept: application/json`), otherwise as an HTML page. The message is in the language of the site asked.',
    required: ['status', 'message'],
    additionalProperties: false,
    properties: {
      status: { type: 'integer', minimum: 400, maximum: 599 },
      message: { type: 'string' },
    },
  },
  TokenErrors: {
    type: 'object',
    description: 'An error of the token API: one or more codes with a translated message each.',
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
            code: { type: 'string' },
            message: { type: 'string' },
            field: { type: 'string' },
          },
        },
      },
    },
  },
} satisfies Record<string, ApiObject>

export const COMMON_SCHEMAS: Record<string, ApiObject> = errorSchemas

const rateLimitHeaders = {
  'Retry-After': {
    description: 'Seconds until the address may ask again.',
    schema: { type: 'integer', minimum: 0 },
  },
}

/** 404: nothing public at that address (an unknown slug, a draft, a hidden petition). */
export const notFound = jsonAnswer('Nothing public at this address.', schemaRef('Error'), {
  status: 404,
  message: 'The page you are looking for does not exist or has been moved.',
})

/** 429: the address made too many requests; `requests` a minute are allowed. */
export function tooManyRequests(requests: number) {
  return {
    ...jsonAnswer(
      `Too many requests: each address may make ${requests.toLocaleString('en')} a minute, then waits a minute.`,
      schemaRef('Error'),
      {
        status: 429,
        message: 'You have made too many attempts. Please wait a little and try again.',
      }
    ),
    headers: rateLimitHeaders,
  }
}

/** 401 of the token API: no token, or one that expired or was revoked. */
export const unauthorized = {
  ...jsonAnswer('No valid token: missing, expired or revoked.', schemaRef('TokenErrors'), {
    errors: [
      {
        code: 'unauthorized',
        message:
          'A valid API token is needed: send it as “Authorization: Bearer ust_…”. It may have expired or been revoked.',
      },
    ],
  }),
  headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer realm="api"' } } },
}

/** 403 of the token API: the token lacks the ability the route needs. */
export function forbidden(ability: string) {
  return jsonAnswer(`The token lacks the ability \`${ability}\`.`, schemaRef('TokenErrors'), {
    errors: [
      {
        code: 'forbidden',
        message: `This token may not do this: it needs the ability “${ability}”.`,
      },
    ],
  })
}

/** The answers open data and the log share: their caching and CORS headers. */
export const openDataHeaders = {
  'Access-Control-Allow-Origin': {
    description: 'Any site may read the answer.',
    schema: { type: 'string', const: '*' },
  },
  'ETag': {
    description: 'Send it back in `If-None-Match` to get `304 Not Modified` while nothing changed.',
    schema: { type: 'string' },
  },
}

/** 304: the copy whose ETag the client sent is still the same. */
export const notModified = { description: 'Not modified since the copy of that `ETag`.' }
