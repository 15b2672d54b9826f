import type { ApiObject } from '#openapi/area'
import { dateTime, schemaRef } from '#openapi/common'

/*
 * The schemas of OSDI 1.1's HAL+JSON resources as the API gives them: its
 * entry point, a petition, a signature, their collections, the record
 * signature helper's request and OSDI's error.
 */

const link = {
  type: 'object',
  required: ['href'],
  properties: { href: { type: 'string' }, title: { type: 'string' } },
}
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' }
/** The fields OSDI gives every resource. */
const resourceFields = {
  identifiers: { type: 'array', items: { type: 'string' } },
  origin_system: { type: 'string' },
  created_date: dateTime,
  modified_date: dateTime,
}

/** A page of a collection, its items embedded under `rel`. */
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
    _embedded: { type: 'object', properties: { [rel]: { type: 'array', items: schemaRef(item) } } },
  },
})

export const OSDI_SCHEMAS: Record<string, ApiObject> = {
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
      ...resourceFields,
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
    required: ['identifiers', 'created_date', 'person', 'undersign:confirmed', 'undersign:active'],
    properties: {
      ...resourceFields,
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
      'undersign:identity_verified': { type: 'boolean' },
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
}
