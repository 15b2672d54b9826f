import type { ApiArea, ApiObject } from '#openapi/area'
import {
  jsonAnswer,
  notFound,
  notModified,
  openDataHeaders,
  schemaRef,
  tooManyRequests,
} from '#openapi/common'
import {
  countryCountsExample,
  historyExample,
  OPEN_DATA_SCHEMAS,
  petitionExample,
  petitionsCsvExample,
} from '#openapi/schemas/open_data'
import { LOCALES } from '#app/i18n/locales'
import { PETITION_TOPICS } from '#shared/petitions/topics'
import { LIST_SORTS, LIST_STATUSES } from '#shared/petitions/list_filters'

const TAG = 'Open data'
/** Requests an address may make a minute (config/rate_limits.ts, `openData`). */
const PER_MINUTE = 300

const slugParameter = {
  name: 'slug',
  in: 'path',
  required: true,
  description: 'The petition’s slug, as in its address `/petition/{slug}`.',
  schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 160 },
  example: 'a-park-for-oak-hill',
}

const listParameters = [
  {
    name: 'q',
    in: 'query',
    description: 'Words searched in the title, target and description.',
    schema: { type: 'string', maxLength: 200 },
  },
  {
    name: 'status',
    in: 'query',
    description:
      '`awaiting`: a decision maker was mailed it and has not answered. Any other value: every status.',
    schema: { enum: [...LIST_STATUSES] },
  },
  {
    name: 'lang',
    in: 'query',
    description: 'A language, or `all` (every language, the site’s first).',
    schema: { enum: [...LOCALES, 'all'], default: 'all' },
  },
  {
    name: 'topic',
    in: 'query',
    description: 'The petitions about this topic.',
    schema: { enum: [...PETITION_TOPICS] },
  },
  {
    name: 'country',
    in: 'query',
    description: 'ISO 3166-1 alpha-2, either case: the petitions that apply there.',
    schema: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  },
  {
    name: 'sort',
    in: 'query',
    description: '`relevance` with `q`, otherwise `newest` by default.',
    schema: { enum: [...LIST_SORTS] },
  },
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
]

const csv = (description: string, example: string, headers: ApiObject = openDataHeaders) => ({
  description,
  headers,
  content: { 'text/csv': { schema: { type: 'string' }, example } },
})

const errors = { '304': notModified, '404': notFound, '429': tooManyRequests(PER_MINUTE) }
const listErrors = { '304': notModified, '429': tooManyRequests(PER_MINUTE) }

const LIST = 'https://example.org/petitions.json?q=park&status=open'

/** Listed petitions and single petitions, as JSON and CSV, for anyone to reuse. */
const openData: ApiArea = {
  tags: [
    {
      name: TAG,
      description:
        'Published petitions as data: no key, no account, never a signer. Any site may read them (`Access-Control-Allow-Origin: *`); answers are cached for 60 s and carry an `ETag`.',
    },
  ],
  schemas: OPEN_DATA_SCHEMAS,
  paths: {
    '/petitions.json': {
      get: {
        operationId: 'open_data.index',
        tags: [TAG],
        summary: 'Listed petitions',
        description:
          'The public list, 50 a page, with the list’s own search, filters and order. An unknown value reads as the default.',
        parameters: listParameters,
        responses: {
          '200': jsonAnswer(
            'A page of petitions.',
            schemaRef('PetitionPage'),
            {
              data: [petitionExample],
              meta: { total: 73, perPage: 50, currentPage: 1, lastPage: 2 },
              links: {
                self: LIST,
                first: LIST,
                prev: null,
                next: `${LIST}&page=2`,
                last: `${LIST}&page=2`,
              },
            },
            openDataHeaders
          ),
          ...listErrors,
        },
      },
    },
    '/petitions.csv': {
      get: {
        operationId: 'open_data.csv',
        tags: [TAG],
        summary: 'Listed petitions as CSV',
        description:
          'The same page as `/petitions.json`, one row per petition (without `signaturesByCountry` and `recipients`; `description` last), UTF-8, CRLF. The other pages are in the `Link` header (RFC 8288).',
        parameters: listParameters,
        responses: {
          '200': csv('A page of petitions as a spreadsheet.', petitionsCsvExample, {
            ...openDataHeaders,
            Link: {
              description: 'The `first`, `prev`, `next` and `last` pages.',
              schema: { type: 'string' },
            },
          }),
          ...listErrors,
        },
      },
    },
    '/petition/{slug}.json': {
      get: {
        operationId: 'open_data.petition',
        tags: [TAG],
        summary: 'A petition',
        description:
          'What its page shows, as data; unlisted petitions too. A draft or a hidden petition is not found.',
        parameters: [slugParameter],
        responses: {
          '200': jsonAnswer(
            'The petition.',
            schemaRef('OpenPetitionDetail'),
            {
              ...petitionExample,
              invalidations: [
                {
                  date: '2026-10-05T21:10:44.000Z',
                  reason: 'A burst of signatures from throwaway addresses',
                  signaturesRemoved: 37,
                  undoneAt: null,
                },
              ],
              answersRemovedByModerators: 0,
            },
            openDataHeaders
          ),
          ...errors,
        },
      },
    },
    '/petition/{slug}/countries.json': {
      get: {
        operationId: 'open_data.countries',
        tags: [TAG],
        summary: 'Where its signers live',
        description:
          'Only its `signaturesByCountry`, named in the site’s language: what its map draws.',
        parameters: [slugParameter],
        responses: {
          '200': jsonAnswer(
            'Its counts by country.',
            schemaRef('CountryCounts'),
            { data: countryCountsExample },
            openDataHeaders
          ),
          ...errors,
        },
      },
    },
    '/petition/{slug}/history.json': {
      get: {
        operationId: 'open_data.history',
        tags: [TAG],
        summary: 'How a petition grew',
        description:
          'Its signatures per step, oldest first, with its total after each; the last total is its `totalSignatures`.',
        parameters: [slugParameter],
        responses: {
          '200': jsonAnswer('Its history.', schemaRef('History'), historyExample, openDataHeaders),
          ...errors,
        },
      },
    },
    '/petition/{slug}/history.csv': {
      get: {
        operationId: 'open_data.history_csv',
        tags: [TAG],
        summary: 'How a petition grew, as CSV',
        description: 'The same steps with the columns `at,confirmed,paper,total,verified`.',
        parameters: [slugParameter],
        responses: {
          '200': csv(
            'Its history as a spreadsheet.',
            'at,confirmed,paper,total,verified\r\n2026-11-02T09:00:00.000Z,41,0,41,3\r\n2026-11-02T10:00:00.000Z,118,0,159,12\r\n'
          ),
          ...errors,
        },
      },
    },
  },
}

export default openData
