import type { ApiArea } from '#openapi/area'
import { OSDI_DEFAULT_PAGE_SIZE, OSDI_MAX_PAGE_SIZE } from '#support/osdi'

/*
 * OSDI 1.1 (docs/api.md, "OSDI"): the entry point, a member's petitions and
 * their signatures, and the record signature helper. HAL+JSON answers.
 */

const HAL = 'application/hal+json'
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const security = [{ apiToken: [] }]
const tags = ['OSDI']

const SITE = 'https://example.org'
const API = `${SITE}/api/osdi/v1`
const GUID = '0b7c5c1e-52f4-4c1b-9a43-6a1a4c9e3d10'
const CURIES = [
  { name: 'osdi', href: 'https://opensupporter.github.io/osdi-docs/{rel}', templated: true },
]

const link = {
  type: 'object',
  required: ['href'],
  properties: { href: { type: 'string' }, title: { type: 'string' } },
}
const dateTime = { type: 'string', format: 'date-time' }
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' }

const petitionExample = {
  'identifiers': [`undersign:${GUID}`],
  'origin_system': 'Undersign',
  'created_date': '2026-10-01T09:00:00.000Z',
  'modified_date': '2026-11-02T10:15:00.000Z',
  'title': 'A park for Oak Hill',
  'description': '<p>Children play <strong>on the road</strong>.</p>',
  'petition_text': 'Dear council, build the park.',
  'target': [{ name: 'Riverside City Council' }],
  'total_signatures': 1523,
  'browser_url': `${SITE}/petition/a-park-for-oak-hill`,
  'undersign:open_for_signing': true,
  '_links': {
    'self': { href: `${API}/petitions/${GUID}` },
    'osdi:signatures': { href: `${API}/petitions/${GUID}/signatures` },
    'osdi:record_signature_helper': { href: `${API}/petitions/${GUID}/signatures` },
  },
}

const signatureExample = (confirmed: boolean) => ({
  'identifiers': ['undersign:4812'],
  'origin_system': 'Undersign',
  'created_date': '2026-11-20T08:30:15.000Z',
  'modified_date': confirmed ? '2026-11-20T08:35:15.000Z' : '2026-11-20T08:30:15.000Z',
  'action_date': '2026-11-20T08:30:15.000Z',
  'comments': 'Our children need this park.',
  'person': {
    given_name: 'Olena',
    family_name: 'Koval',
    email_addresses: [{ address: 'olena@example.org', primary: true }],
    postal_addresses: [{ primary: true, country: 'UA', postal_code: '04070' }],
    custom_fields: { District: 'Podil' },
  },
  'referrer_data': { source: 'newsletter-12' },
  'undersign:anonymous': false,
  'undersign:confirmed': confirmed,
  'undersign:confirmed_date': confirmed ? '2026-11-20T08:35:15.000Z' : null,
  'undersign:active': true,
  'undersign:contact_consent': false,
  'undersign:contact_consent_date': null,
  '_links': { 'osdi:petition': { href: `${API}/petitions/${GUID}` } },
})

const tokenError = (code: string, message: string) => ({ errors: [{ code, message }] })

/** The refusals every token route shares, with their examples. */
function refusals(withNotFound: boolean) {
  const json = (example: unknown) => ({
    content: { 'application/json': { schema: ref('OsdiTokenError'), example } },
  })
  return {
    401: {
      description: 'No token, or an unknown, expired or revoked one',
      ...json(tokenError('unauthorized', 'A valid API token is needed …')),
    },
    403: {
      description: 'The token lacks the route’s ability',
      ...json(tokenError('forbidden', 'This token may not do this: it needs the ability …')),
    },
    ...(withNotFound
      ? {
          404: {
            description: 'Not one of the token’s member’s petitions',
            ...json(tokenError('not_found', 'Not found, or not one of your petitions.')),
          },
        }
      : {}),
  }
}

const hal = (schema: string, example: unknown, description: string) => ({
  description,
  content: { [HAL]: { schema: ref(schema), example } },
})

const osdiError = (
  status: number,
  error_code: string,
  description: string,
  properties?: string[]
) => ({
  'osdi:error': {
    request_type: 'atomic',
    response_code: status,
    resource_status: [
      {
        resource: 'osdi:signature',
        response_code: status,
        error_descriptions: [{ error_code, description, ...(properties ? { properties } : {}) }],
      },
    ],
  },
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

const collectionExample = (rel: string, self: string, items: unknown[], hrefs: boolean) => ({
  total_pages: 3,
  per_page: 25,
  page: 1,
  total_records: 61,
  _links: {
    curies: CURIES,
    self: { href: `${self}?page=1&per_page=25` },
    next: { href: `${self}?page=2&per_page=25${rel === 'osdi:signatures' ? '&after=4812' : ''}` },
    ...(hrefs ? { [rel]: [{ href: `${API}/petitions/${GUID}` }] } : {}),
  },
  _embedded: { [rel]: items },
})

const collectionSchema = (rel: string, item: string) => ({
  type: 'object',
  required: ['total_pages', 'per_page', 'page', 'total_records', '_links', '_embedded'],
  properties: {
    total_pages: { type: 'integer' },
    per_page: { type: 'integer' },
    page: { type: 'integer' },
    total_records: { type: 'integer' },
    _links: {
      type: 'object',
      properties: { self: link, next: link, previous: link, prev: link },
    },
    _embedded: { type: 'object', properties: { [rel]: { type: 'array', items: ref(item) } } },
  },
})

const recordRequestExample = {
  person: {
    given_name: 'Lucía',
    family_name: 'Martín',
    email_addresses: [{ address: 'lucia@example.org' }],
    postal_addresses: [{ country: 'ES', postal_code: '28004' }],
    custom_fields: { District: 'Centro' },
  },
  comments: 'Queremos un parque para nuestros hijos.',
  referrer_data: { source: 'stall-2026-05' },
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
          200: hal(
            'OsdiEntryPoint',
            {
              vendor_name: 'Undersign',
              product_name: 'Undersign OSDI API',
              osdi_version: '1.1',
              max_pagesize: OSDI_MAX_PAGE_SIZE,
              namespace: 'undersign',
              _links: {
                'curies': CURIES,
                'self': { href: API, title: 'This API entry point' },
                'osdi:petitions': { href: `${API}/petitions`, title: 'Your petitions' },
                'docs': { href: `${SITE}/api/docs`, title: 'The API’s documentation' },
              },
            },
            'What the API offers, and where'
          ),
          ...refusals(false),
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
            collectionExample('osdi:petitions', `${API}/petitions`, [petitionExample], true),
            'A page of petitions, oldest first'
          ),
          ...refusals(false),
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
          200: hal(
            'OsdiPetition',
            { ...petitionExample, _links: { curies: CURIES, ...petitionExample._links } },
            'The petition'
          ),
          ...refusals(true),
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
            collectionExample(
              'osdi:signatures',
              `${API}/petitions/${GUID}/signatures`,
              [signatureExample(true)],
              false
            ),
            'A page of signatures in id order'
          ),
          ...refusals(true),
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
              schema: ref('OsdiRecordSignature'),
              example: recordRequestExample,
            },
          },
        },
        responses: {
          201: hal(
            'OsdiSignature',
            signatureExample(false),
            'Recorded, waiting for the signer’s confirmation'
          ),
          200: {
            description: 'The address had signed this petition: nothing stored',
            content: { [HAL]: { schema: { type: 'object', maxProperties: 0 }, example: {} } },
          },
          ...refusals(true),
          409: hal(
            'OsdiError',
            osdiError(409, 'PETITION_CLOSED', 'This petition is not open for signing …'),
            'The petition is finished, closed, hidden or not published'
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
  schemas: {
    OsdiTokenError: {
      type: 'object',
      required: ['errors'],
      properties: {
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['code', 'message'],
            properties: { code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    OsdiEntryPoint: {
      type: 'object',
      required: [
        'vendor_name',
        'product_name',
        'osdi_version',
        'max_pagesize',
        'namespace',
        '_links',
      ],
      properties: {
        vendor_name: { type: 'string' },
        product_name: { type: 'string' },
        osdi_version: { type: 'string', const: '1.1' },
        max_pagesize: { type: 'integer' },
        namespace: { type: 'string' },
        _links: {
          type: 'object',
          required: ['self', 'osdi:petitions'],
          properties: {
            'curies': { type: 'array' },
            'self': link,
            'osdi:petitions': link,
            'docs': link,
          },
        },
      },
    },
    OsdiPetition: {
      type: 'object',
      required: ['identifiers', 'title', 'total_signatures', 'browser_url', '_links'],
      properties: {
        'identifiers': { type: 'array', items: { type: 'string' } },
        'origin_system': { type: 'string' },
        'created_date': dateTime,
        'modified_date': dateTime,
        'title': { type: 'string' },
        'description': { type: 'string', description: 'Sanitised HTML, as the page shows it' },
        'petition_text': { type: 'string' },
        'target': {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' } } },
        },
        'total_signatures': { type: 'integer' },
        'browser_url': { type: 'string', format: 'uri' },
        'undersign:open_for_signing': { type: 'boolean' },
        '_links': {
          type: 'object',
          properties: {
            'self': link,
            'osdi:signatures': link,
            'osdi:record_signature_helper': link,
          },
        },
      },
    },
    OsdiPetitionCollection: collectionSchema('osdi:petitions', 'OsdiPetition'),
    OsdiSignature: {
      type: 'object',
      required: [
        'identifiers',
        'created_date',
        'person',
        'undersign:confirmed',
        'undersign:active',
      ],
      properties: {
        'identifiers': { type: 'array', items: { type: 'string' } },
        'origin_system': { type: 'string' },
        'created_date': dateTime,
        'modified_date': dateTime,
        'action_date': dateTime,
        'comments': { type: ['string', 'null'] },
        'person': {
          type: 'object',
          properties: {
            given_name: { type: 'string' },
            family_name: { type: 'string' },
            email_addresses: {
              type: 'array',
              items: {
                type: 'object',
                properties: { address: { type: 'string' }, primary: { type: 'boolean' } },
              },
            },
            postal_addresses: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  primary: { type: 'boolean' },
                  country: { type: 'string' },
                  postal_code: { type: ['string', 'null'] },
                },
              },
            },
            custom_fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        'referrer_data': {
          type: 'object',
          properties: { source: { type: ['string', 'null'] } },
        },
        'undersign:anonymous': { type: 'boolean' },
        'undersign:confirmed': { type: 'boolean' },
        'undersign:confirmed_date': nullableDateTime,
        'undersign:active': { type: 'boolean' },
        'undersign:contact_consent': { type: 'boolean' },
        'undersign:contact_consent_date': nullableDateTime,
        'undersign:side': { type: 'string', enum: ['support', 'oppose'] },
        '_links': {
          type: 'object',
          properties: { 'curies': { type: 'array' }, 'osdi:petition': link },
        },
      },
    },
    OsdiSignatureCollection: collectionSchema('osdi:signatures', 'OsdiSignature'),
    OsdiRecordSignature: {
      type: 'object',
      required: ['person'],
      properties: {
        person: {
          type: 'object',
          required: ['given_name', 'family_name', 'email_addresses', 'postal_addresses'],
          properties: {
            given_name: { type: 'string', minLength: 3, maxLength: 100 },
            family_name: { type: 'string', minLength: 3, maxLength: 100 },
            email_addresses: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['address'],
                properties: { address: { type: 'string', format: 'email', maxLength: 254 } },
              },
            },
            postal_addresses: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['country'],
                properties: {
                  country: { type: 'string', pattern: '^[A-Za-z]{2}$' },
                  postal_code: { type: 'string' },
                },
              },
            },
            custom_fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        comments: { type: 'string', minLength: 20, maxLength: 2000 },
        referrer_data: { type: 'object', properties: { source: { type: 'string' } } },
      },
    },
    OsdiError: {
      type: 'object',
      required: ['osdi:error'],
      properties: {
        'osdi:error': {
          type: 'object',
          required: ['request_type', 'response_code', 'resource_status'],
          properties: {
            request_type: { type: 'string', enum: ['atomic'] },
            response_code: { type: 'integer' },
            resource_status: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  resource: { type: 'string' },
                  response_code: { type: 'integer' },
                  error_descriptions: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['error_code', 'description'],
                      properties: {
                        error_code: { type: 'string' },
                        description: { type: 'string' },
                        properties: { type: 'array', items: { type: 'string' } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
}

export default osdi
