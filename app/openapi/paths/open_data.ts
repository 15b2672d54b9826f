import type { ApiArea, ApiObject } from '#openapi/area'
import {
  count,
  dateTime,
  jsonAnswer,
  notFound,
  notModified,
  nullable,
  openDataHeaders,
  schemaRef,
  tooManyRequests,
} from '#openapi/common'
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

const PARK = 'https://example.org/petition/a-park-for-oak-hill'

const countryCountsExample = [
  { code: 'GB', name: 'United Kingdom', count: 201 },
  { code: 'IE', name: 'Ireland', count: 64 },
  { code: 'ZZ', name: 'Unknown Region', count: 20 },
  { code: 'FR', name: 'France', count: 16 },
]

const petitionExample = {
  guid: '0b7c5c1e-52f4-4c1b-9a43-6a1a4c9e3d10',
  slug: 'a-park-for-oak-hill',
  url: PARK,
  lang: 'en',
  title: 'A park for Oak Hill',
  target: 'Riverside City Council',
  description: 'Children play on the road.\nWe ask for a park on the empty lot.',
  state: 'open',
  successful: false,
  supportCount: 412,
  opposeCount: 9,
  paperCount: 120,
  onlineSupportCount: 292,
  totalSignatures: 421,
  logTreeSize: 18342,
  targetSignatures: 1000,
  signaturesRemovedByModerators: 37,
  signaturesStoppedByRules: 14,
  signaturesDeactivatedByOwner: 2,
  paperSignaturesRejected: 40,
  owner: 'Olena Koval',
  createdAt: '2026-10-02T08:14:31.000Z',
  closesAt: '2027-01-01T00:00:00.000Z',
  closedAt: null,
  succeededAt: null,
  victoryAt: null,
  topics: ['environment', 'local-community'],
  country: 'GB',
  region: 'Riverside',
  signaturesByCountry: countryCountsExample,
  recipients: [
    {
      name: 'Riverside City Council',
      role: 'Parks committee',
      deliveredAt: '2026-10-20T09:02:11.000Z',
      handedOverOn: null,
      answeredAt: '2026-10-27T15:40:03.000Z',
    },
    {
      name: 'Mayor of Riverside',
      role: '',
      deliveredAt: null,
      handedOverOn: '2026-10-24',
      answeredAt: null,
    },
  ],
}

/** The fields of a petition in the list and on its own, in the order the JSON gives them. */
const petitionProperties: Record<string, ApiObject> = {
  guid: {
    type: 'string',
    format: 'uuid',
    description: 'Its permanent identifier: the transparency log names petitions by it.',
  },
  slug: { type: 'string' },
  url: { type: 'string', format: 'uri', description: 'Its page on the site asked.' },
  lang: { enum: [...LOCALES], description: 'The language it was written in.' },
  title: { type: 'string' },
  target: { type: 'string', description: 'Whom it addresses.' },
  description: {
    type: 'string',
    description: 'Its text without markup: one line per paragraph, heading or list item.',
  },
  state: {
    enum: ['open', 'closed'],
    description: '`closed` once its owner finished it or its closing date passed.',
  },
  successful: { type: 'boolean', description: 'Whether `supportCount` reached the goal.' },
  supportCount: {
    ...count,
    description: 'Its supporters: confirmed online signatures and verified paper ones.',
  },
  opposeCount: { ...count, description: 'Confirmed signatures against it.' },
  paperCount: { ...count, description: 'Of `supportCount`, those verified on paper.' },
  onlineSupportCount: { ...count, description: 'Of `supportCount`, those signed online.' },
  totalSignatures: { ...count, description: '`supportCount + opposeCount`.' },
  logTreeSize: {
    ...count,
    description:
      'The size of the transparency log these counts correspond to: its leaves among the first `logTreeSize` add up to them.',
  },
  targetSignatures: { type: 'integer', minimum: 1, description: 'The goal.' },
  signaturesRemovedByModerators: {
    ...count,
    description: 'Signatures taken out of the counts by the moderators’ invalidations that stand.',
  },
  signaturesStoppedByRules: {
    ...count,
    description: 'Confirmed signatures the rules against signing attacks stopped; never counted.',
  },
  signaturesDeactivatedByOwner: {
    ...count,
    description: 'Confirmed signatures its owner switched off.',
  },
  paperSignaturesRejected: { ...count, description: 'Signatures of rejected paper batches.' },
  owner: { type: 'string', description: 'The owner’s public name, or “deleted user”.' },
  createdAt: dateTime,
  closesAt: nullable({ ...dateTime, description: 'When signing closes by itself.' }),
  closedAt: nullable({ ...dateTime, description: 'When signing closed; null while open.' }),
  succeededAt: nullable({ ...dateTime, description: 'When it reached its goal.' }),
  victoryAt: nullable({ ...dateTime, description: 'When it was marked a victory.' }),
  topics: {
    type: 'array',
    maxItems: 3,
    items: { enum: [...PETITION_TOPICS] },
    description: 'One to three topic keys, in its owner’s order.',
  },
  country: nullable({
    type: 'string',
    pattern: '^[A-Z]{2}$',
    description: 'Where it applies: ISO 3166-1 alpha-2.',
  }),
  region: nullable({ type: 'string', description: 'A region or city within that country.' }),
  signaturesByCountry: {
    type: 'array',
    items: schemaRef('CountryCount'),
    description: 'Its confirmed online signatures by the signers’ country, the largest first.',
  },
  recipients: {
    type: 'array',
    items: schemaRef('Recipient'),
    description: 'The decision makers its letters name, in order; never their addresses.',
  },
}

const objectOf = (properties: Record<string, ApiObject>, description: string) => ({
  type: 'object',
  description,
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
})

const schemas: Record<string, ApiObject> = {
  OpenPetition: objectOf(petitionProperties, 'A published petition as the list gives it.'),
  OpenPetitionDetail: objectOf(
    {
      ...petitionProperties,
      invalidations: {
        type: 'array',
        items: schemaRef('Invalidation'),
        description: 'Every bulk invalidation of its signatures by moderators, oldest first.',
      },
      answersRemovedByModerators: {
        ...count,
        description: 'Decision makers’ answers that moderators removed.',
      },
    },
    'A published petition (unlisted ones too), with its moderators’ invalidations.'
  ),
  CountryCount: objectOf(
    {
      code: {
        type: 'string',
        pattern: '^[A-Z]{2}$',
        description: 'ISO 3166-1 alpha-2; `ZZ` counts the signatures without a country.',
      },
      name: { type: 'string', description: 'The country’s name in the site’s language.' },
      count: { type: 'integer', minimum: 1 },
    },
    'Signatures from one country.'
  ),
  Recipient: objectOf(
    {
      name: { type: 'string' },
      role: { type: 'string', description: 'Their designation, `""` when none.' },
      deliveredAt: nullable({ ...dateTime, description: 'When the petition was first mailed.' }),
      handedOverOn: nullable({
        type: 'string',
        format: 'date',
        description: 'The day the owner handed it over in person.',
      }),
      answeredAt: nullable({ ...dateTime, description: 'When they first answered.' }),
    },
    'A decision maker the petition’s letters name.'
  ),
  Invalidation: objectOf(
    {
      date: dateTime,
      reason: { type: 'string', description: 'Why, as the moderators wrote it.' },
      signaturesRemoved: count,
      undoneAt: nullable({ ...dateTime, description: 'When it was undone; null: it stands.' }),
    },
    'Signatures moderators took out of the counts at once.'
  ),
  PetitionPage: objectOf(
    {
      data: { type: 'array', maxItems: 50, items: schemaRef('OpenPetition') },
      meta: objectOf(
        {
          total: count,
          perPage: { type: 'integer', const: 50 },
          currentPage: { type: 'integer', minimum: 1 },
          lastPage: { type: 'integer', minimum: 0 },
        },
        'The totals.'
      ),
      links: objectOf(
        {
          self: { type: 'string', format: 'uri' },
          first: { type: 'string', format: 'uri' },
          prev: nullable({ type: 'string', format: 'uri' }),
          next: nullable({ type: 'string', format: 'uri' }),
          last: { type: 'string', format: 'uri' },
        },
        'The other pages, with the same parameters; follow `next` until it is null.'
      ),
    },
    'A page of 50 listed petitions.'
  ),
  CountryCounts: objectOf(
    { data: { type: 'array', items: schemaRef('CountryCount') } },
    'A petition’s signatures by country.'
  ),
  HistoryStep: objectOf(
    {
      at: { ...dateTime, description: 'The step’s start (an hour or a day).' },
      confirmed: {
        type: 'integer',
        description: 'Online signatures it added, minus those withdrawn in it.',
      },
      paper: { ...count, description: 'Paper signatures moderators verified in it.' },
      total: { type: 'integer', description: 'The petition’s count after it.' },
    },
    'One step of a petition’s growth.'
  ),
  History: objectOf(
    { data: { type: 'array', items: schemaRef('HistoryStep') } },
    'A petition’s growth: per hour for its first 7 days and the last 48 hours, per day in between.'
  ),
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

const json = (description: string, schema: ApiObject, example: unknown) => ({
  ...jsonAnswer(description, schema, example),
  headers: openDataHeaders,
})

const errors = { '304': notModified, '404': notFound, '429': tooManyRequests(PER_MINUTE) }
const listErrors = { '304': notModified, '429': tooManyRequests(PER_MINUTE) }

const historyExample = {
  data: [
    { at: '2026-11-02T09:00:00.000Z', confirmed: 41, paper: 0, total: 41 },
    { at: '2026-11-02T10:00:00.000Z', confirmed: 118, paper: 0, total: 159 },
    { at: '2026-11-10T00:00:00.000Z', confirmed: 230, paper: 120, total: 509 },
    { at: '2026-11-26T14:00:00.000Z', confirmed: -1, paper: 0, total: 508 },
  ],
}

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
  schemas,
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
          '200': json('A page of petitions.', schemaRef('PetitionPage'), {
            data: [petitionExample],
            meta: { total: 73, perPage: 50, currentPage: 1, lastPage: 2 },
            links: {
              self: LIST,
              first: LIST,
              prev: null,
              next: `${LIST}&page=2`,
              last: `${LIST}&page=2`,
            },
          }),
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
          '200': csv(
            'A page of petitions as a spreadsheet.',
            'slug,url,lang,title,target,state,successful,supportCount,opposeCount,paperCount,onlineSupportCount,totalSignatures,targetSignatures,signaturesRemovedByModerators,signaturesStoppedByRules,signaturesDeactivatedByOwner,paperSignaturesRejected,owner,createdAt,closesAt,closedAt,succeededAt,victoryAt,topics,country,region,description\r\n' +
              `a-park-for-oak-hill,${PARK},en,A park for Oak Hill,Riverside City Council,open,false,412,9,120,292,421,1000,37,14,2,40,Olena Koval,2026-10-02T08:14:31.000Z,2027-01-01T00:00:00.000Z,,,,environment local-community,GB,Riverside,"Children play on the road.\nWe ask for a park on the empty lot."\r\n`,
            {
              ...openDataHeaders,
              Link: {
                description: 'The `first`, `prev`, `next` and `last` pages.',
                schema: { type: 'string' },
              },
            }
          ),
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
          '200': json('The petition.', schemaRef('OpenPetitionDetail'), {
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
          }),
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
          '200': json('Its counts by country.', schemaRef('CountryCounts'), {
            data: countryCountsExample,
          }),
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
          '200': json('Its history.', schemaRef('History'), historyExample),
          ...errors,
        },
      },
    },
    '/petition/{slug}/history.csv': {
      get: {
        operationId: 'open_data.history_csv',
        tags: [TAG],
        summary: 'How a petition grew, as CSV',
        description: 'The same steps with the columns `at,confirmed,paper,total`.',
        parameters: [slugParameter],
        responses: {
          '200': csv(
            'Its history as a spreadsheet.',
            'at,confirmed,paper,total\r\n2026-11-02T09:00:00.000Z,41,0,41\r\n2026-11-02T10:00:00.000Z,118,0,159\r\n'
          ),
          ...errors,
        },
      },
    },
  },
}

export default openData
