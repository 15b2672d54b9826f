import type { ApiObject } from '#openapi/area'
import type { ApiAbility } from '#shared/api_access'
import { rateLimits } from '#config/rate_limits'

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

/** An answer in JSON with its schema and an example of it (and its headers, if any). */
export function jsonAnswer(
  description: string,
  schema: ApiObject,
  example: unknown,
  headers?: ApiObject
) {
  return {
    description,
    content: { 'application/json': { schema, example } },
    ...(headers ? { headers } : {}),
  }
}

/**
 * An object that has every one of `properties` (but the `optional` ones)
 * and nothing else.
 */
export function objectOf(
  properties: Record<string, unknown>,
  description: string,
  optional: string[] = []
) {
  return {
    type: 'object',
    description,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
    properties,
  }
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
  return jsonAnswer(
    `Too many requests: each address may make ${requests.toLocaleString('en')} a minute, then waits a minute.`,
    schemaRef('Error'),
    {
      status: 429,
      message: 'You have made too many attempts. Please wait a little and try again.',
    },
    rateLimitHeaders
  )
}

/** 401 of the token API: no token, or one that expired or was revoked. */
export const unauthorized = jsonAnswer(
  'No valid token: missing, expired or revoked.',
  schemaRef('TokenErrors'),
  {
    errors: [
      {
        code: 'unauthorized',
        message:
          'A valid API token is needed: send it as “Authorization: Bearer ust_…”. It may have expired or been revoked.',
      },
    ],
  },
  { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer realm="api"' } } }
)

/** 429 of the token API: the token made its requests of the minute. */
export function tokenRateLimited(requests: number) {
  return jsonAnswer(
    `Too many requests with this token: each token may make ${requests.toLocaleString('en')} a minute, then waits a minute.`,
    schemaRef('TokenErrors'),
    {
      errors: [
        {
          code: 'rate_limited',
          message: 'Too many requests with this token. Please wait a minute and try again.',
        },
      ],
    },
    rateLimitHeaders
  )
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

/** The CORS header of the answers any site may read: open data, feeds and the log. */
export const anyOriginHeaders = {
  'Access-Control-Allow-Origin': {
    description: 'Any site may read the answer.',
    schema: { type: 'string', const: '*' },
  },
}

/** The headers of open data and feeds: CORS, and the ETag of their short caching. */
export const openDataHeaders = {
  ...anyOriginHeaders,
  ETag: {
    description: 'Send it back in `If-None-Match` to get `304 Not Modified` while nothing changed.',
    schema: { type: 'string' },
  },
}

/** 304: the copy whose ETag the client sent is still the same. */
export const notModified = { description: 'Not modified since the copy of that `ETag`.' }

/** 404 of the token API: no petition of the token's member at that address. */
export const tokenNotFound = jsonAnswer(
  'Not one of the token member’s petitions (or no such petition).',
  schemaRef('TokenErrors'),
  { errors: [{ code: 'not_found', message: 'Not found, or not one of your petitions.' }] }
)

/**
 * What every token route may answer instead: 401 without a valid token,
 * 403 without the route's ability, 404 for a petition that is not the
 * member's own, 429 past the token's requests of the minute.
 */
export function tokenRefusals(ability: ApiAbility | null, { ownPetition = false } = {}) {
  return {
    401: unauthorized,
    ...(ability ? { 403: forbidden(ability) } : {}),
    ...(ownPetition ? { 404: tokenNotFound } : {}),
    429: tokenRateLimited(rateLimits.apiToken.requests),
  }
}
