import type { ApiObject } from '#openapi/area'
import { count, dateTime, nullable, objectOf, schemaRef } from '#openapi/common'
import { LOCALES } from '#app/i18n/locales'
import { PETITION_TOPICS } from '#shared/petitions/topics'
import { IDENTITY_RESIDENCES } from '#shared/identity'

/*
 * Open data's schemas: a petition as the list and its own address give it,
 * its counts by country and its history; and the examples of one petition.
 */

const PARK = 'https://example.org/petition/a-park-for-oak-hill'

export const countryCountsExample = [
  { code: 'GB', name: 'United Kingdom', count: 201 },
  { code: 'IE', name: 'Ireland', count: 64 },
  { code: 'ZZ', name: 'Unknown Region', count: 20 },
  { code: 'FR', name: 'France', count: 16 },
]

export const petitionExample = {
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
  verifiedCount: 57,
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
  identityRequired: false,
  identityResidence: null,
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
  verifiedCount: {
    ...count,
    description:
      'Of the signatures counted online (for and against), those whose signer verified their identity with an identity provider.',
  },
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
  identityRequired: {
    type: 'boolean',
    description: 'Only signatures whose signer verified their identity are taken.',
  },
  identityResidence: nullable({
    enum: [...IDENTITY_RESIDENCES],
    description:
      'Whose verified residence may sign: the petition’s `country`’s or its `region`’s; null: anyone’s.',
  }),
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

export const OPEN_DATA_SCHEMAS: Record<string, ApiObject> = {
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
      verified: {
        type: 'integer',
        description: 'Of `confirmed`, the signatures whose signer verified their identity.',
      },
    },
    'One step of a petition’s growth.'
  ),
  History: objectOf(
    { data: { type: 'array', items: schemaRef('HistoryStep') } },
    'A petition’s growth: per hour for its first 7 days and the last 48 hours, per day in between.'
  ),
}

export const historyExample = {
  data: [
    { at: '2026-11-02T09:00:00.000Z', confirmed: 41, paper: 0, total: 41, verified: 3 },
    { at: '2026-11-02T10:00:00.000Z', confirmed: 118, paper: 0, total: 159, verified: 12 },
    { at: '2026-11-10T00:00:00.000Z', confirmed: 230, paper: 120, total: 509, verified: 42 },
    { at: '2026-11-26T14:00:00.000Z', confirmed: -1, paper: 0, total: 508, verified: 0 },
  ],
}

/** The petition of the example as a row of the list's CSV. */
export const petitionsCsvExample =
  'slug,url,lang,title,target,state,successful,supportCount,opposeCount,paperCount,onlineSupportCount,totalSignatures,targetSignatures,signaturesRemovedByModerators,signaturesStoppedByRules,signaturesDeactivatedByOwner,paperSignaturesRejected,owner,createdAt,closesAt,closedAt,succeededAt,victoryAt,topics,country,region,verifiedCount,identityRequired,identityResidence,description\r\n' +
  `a-park-for-oak-hill,${PARK},en,A park for Oak Hill,Riverside City Council,open,false,412,9,120,292,421,1000,37,14,2,40,Olena Koval,2026-10-02T08:14:31.000Z,2027-01-01T00:00:00.000Z,,,,environment local-community,GB,Riverside,57,false,,"Children play on the road.\nWe ask for a park on the empty lot."\r\n`
