import type { ApiArea } from '#openapi/area'

const TAG = 'API description'

/** The API's own description: this document, and the page that renders it. */
const contract: ApiArea = {
  tags: [
    {
      name: TAG,
      description:
        'This document (OpenAPI 3.1), the same on every language’s site but for its `servers`, and the page that renders it.',
    },
  ],
  schemas: {
    OpenApiDocument: {
      type: 'object',
      description: 'An OpenAPI 3.1 document.',
      required: ['openapi', 'info', 'servers', 'paths', 'components'],
      properties: {
        openapi: { const: '3.1.0' },
        info: {
          type: 'object',
          required: ['title', 'version'],
          properties: { title: { type: 'string' }, version: { type: 'string' } },
        },
        servers: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['url'],
            properties: { url: { type: 'string', format: 'uri' } },
          },
        },
        paths: { type: 'object' },
        webhooks: { type: 'object' },
        components: { type: 'object' },
      },
    },
  },
  paths: {
    '/api/openapi.json': {
      get: {
        operationId: 'api.openapi',
        tags: [TAG],
        summary: 'This document',
        description:
          'The API’s contract as OpenAPI 3.1. Any site may read it (`Access-Control-Allow-Origin: *`); it is cached for 60 s and carries an `ETag`.',
        responses: {
          '200': {
            description: 'The document.',
            headers: {
              'Access-Control-Allow-Origin': { schema: { type: 'string', const: '*' } },
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/OpenApiDocument' },
                example: {
                  openapi: '3.1.0',
                  info: { title: 'Undersign API', version: '0.1.0' },
                  servers: [{ url: 'https://example.org' }],
                  paths: { '/log/sth': { get: { operationId: 'log.latest_head' } } },
                  components: { securitySchemes: { apiToken: { type: 'http', scheme: 'bearer' } } },
                },
              },
            },
          },
          '304': { description: 'Not modified since the copy of that `ETag`.' },
        },
      },
    },
    '/api/docs': {
      get: {
        operationId: 'api.docs',
        tags: [TAG],
        summary: 'This document, rendered',
        description: 'A page of the site that renders this document, in the site’s language.',
        responses: {
          '200': {
            description: 'The page.',
            content: { 'text/html': { schema: { type: 'string' }, example: '<!doctype html>…' } },
          },
        },
      },
    },
  },
}

export default contract
