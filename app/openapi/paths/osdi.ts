import type { ApiArea } from '#openapi/area'
import { schemaRef, tokenRefusals } from '#openapi/common'
import { OSDI_SCHEMAS } from '#openapi/schemas/osdi'
import {
  entryPointExample,
  osdiError,
  petitionCollectionExample,
  petitionExample,
  recordedSignatureExample,
  recordRequestExample,
  signatureCollectionExample,
} from '#openapi/schemas/osdi_examples'
import { OSDI_DEFAULT_PAGE_SIZE, OSDI_MAX_PAGE_SIZE } from '#support/osdi'

/*
 * OSDI 1.1 (docs/api.md, "OSDI"): the entry point, a member's petitions and
 * their signatures, and the record signature helper. HAL+JSON answers; their
 * schemas and examples are in schemas/osdi.ts and schemas/osdi_examples.ts.
 */

const HAL = 'application/hal+json'
const security = [{ apiToken: [] }]
const tags = ['OSDI']

const hal = (schema: string, example: unknown, description: string) => ({
  description,
  content: { [HAL]: { schema: schemaRef(schema), example } },
})

const guidParameter = {
  name: 'guid',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
}
const pageParameters = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  {
    name: 'per_page',
    in: 'query',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: OSDI_MAX_PAGE_SIZE,
      default: OSDI_DEFAULT_PAGE_SIZE,
    },
  },
]
const afterParameter = {
  name: 'after',
  in: 'query',
  description: 'The cursor a `next` link carries: the last signature id of the page before.',
  schema: { type: 'integer', minimum: 0 },
}

const osdi: ApiArea = {
  tags: [
    {
      name: 'OSDI',
      description:
        'OSDI 1.1 for organisers’ tools (Action Network and other CRMs): a member’s petitions, their signatures, and the record signature helper. HAL+JSON; `Authorization: Bearer ust_…` or `OSDI-API-Token: ust_…`.',
    },
  ],
  paths: {
    '/api/osdi/v1': {
      get: {
        tags,
        security,
        operationId: 'api.osdi.entry',
        summary: 'The OSDI entry point (any valid token)',
        responses: {
          200: hal('OsdiEntryPoint', entryPointExample, 'What the API offers, and where'),
          ...tokenRefusals(null),
        },
      },
    },
    '/api/osdi/v1/petitions': {
      get: {
        tags,
        security,
        operationId: 'api.osdi.petitions.index',
        summary: 'The token’s member’s petitions (signatures:read)',
        parameters: pageParameters,
        responses: {
          200: hal(
            'OsdiPetitionCollection',
            petitionCollectionExample,
            'A page of petitions, oldest first'
          ),
          ...tokenRefusals('signatures:read'),
        },
      },
    },
    '/api/osdi/v1/petitions/{guid}': {
      get: {
        tags,
        security,
        operationId: 'api.osdi.petitions.show',
        summary: 'One of the member’s petitions (signatures:read)',
        parameters: [guidParameter],
        responses: {
          200: hal('OsdiPetition', petitionExample, 'The petition'),
          ...tokenRefusals('signatures:read', { ownPetition: true }),
        },
      },
    },
    '/api/osdi/v1/petitions/{guid}/signatures': {
      get: {
        tags,
        security,
        operationId: 'api.osdi.signatures.index',
        summary:
          'A petition’s signatures, with the fields of the owner’s CSV export (signatures:read)',
        parameters: [guidParameter, ...pageParameters, afterParameter],
        responses: {
          200: hal(
            'OsdiSignatureCollection',
            signatureCollectionExample,
            'A page of signatures in id order'
          ),
          ...tokenRefusals('signatures:read', { ownPetition: true }),
        },
      },
      post: {
        tags,
        security,
        operationId: 'api.osdi.signatures.store',
        summary:
          'The record signature helper: a signer signs as through the form, pending until they confirm by mail (signatures:write)',
        parameters: [guidParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: schemaRef('OsdiRecordSignature'),
              example: recordRequestExample,
            },
          },
        },
        responses: {
          201: hal(
            'OsdiSignature',
            recordedSignatureExample,
            'Recorded, waiting for the signer’s confirmation'
          ),
          200: {
            description: 'The address had signed this petition: nothing stored',
            content: { [HAL]: { schema: { type: 'object', maxProperties: 0 }, example: {} } },
          },
          ...tokenRefusals('signatures:write', { ownPetition: true }),
          409: hal(
            'OsdiError',
            osdiError(409, 'PETITION_CLOSED', 'This petition is not open for signing …'),
            'The petition is finished, closed, hidden or not published; or it takes only ' +
              'signatures with a verified identity (`IDENTITY_REQUIRED`), which only the signer can give'
          ),
          422: hal(
            'OsdiError',
            osdiError(422, 'REQUIRED', 'The e-mail field is required', [
              'person.email_addresses[0].address',
            ]),
            'Refused input: one description per property'
          ),
          429: hal(
            'OsdiError',
            osdiError(429, 'RATE_LIMITED', 'Too many signatures sent with this token …'),
            'Too many signs with this token, or with this address'
          ),
        },
      },
    },
  },
  schemas: OSDI_SCHEMAS,
}

export default osdi
