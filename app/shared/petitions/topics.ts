/**
 * What petitions are about and where they apply, as the create/edit form
 * offers them and the list filters by them. Shared by the server and the
 * client bundle: keep this file free of server imports.
 */
import type { Locale } from '#app/i18n/locales'
import type { CountryCode } from '#shared/countries'

/** The fixed set of topics; each key is stored, used in links and named in every language. */
export const PETITION_TOPICS = [
  'environment',
  'health',
  'education',
  'transport',
  'housing',
  'animals',
  'human-rights',
  'democracy',
  'economy-work',
  'culture',
  'technology-privacy',
  'local-community',
  'international',
  'justice',
  'other',
] as const

export type PetitionTopic = (typeof PETITION_TOPICS)[number]

/** A petition is about one to three topics. */
export const MIN_TOPICS = 1
export const MAX_TOPICS = 3

/** A region or city as typed, at most this long. */
export const REGION_MAX = 100

export function isPetitionTopic(value: unknown): value is PetitionTopic {
  return typeof value === 'string' && (PETITION_TOPICS as readonly string[]).includes(value)
}

/**
 * The countries where each language of the site is spoken first (an
 * official language spoken by most), whose open petitions that language's
 * home page shows first.
 */
export const COUNTRIES_OF_LANGUAGE: Record<Locale, CountryCode[]> = {
  en: ['US', 'GB', 'IE', 'CA', 'AU', 'NZ'],
  es: [
    'ES',
    'MX',
    'AR',
    'CO',
    'PE',
    'VE',
    'CL',
    'EC',
    'GT',
    'CU',
    'BO',
    'DO',
    'HN',
    'PY',
    'SV',
    'NI',
    'CR',
    'PA',
    'UY',
  ],
  fr: ['FR', 'BE', 'LU', 'MC'],
  de: ['DE', 'AT', 'CH', 'LI'],
  it: ['IT', 'SM', 'VA'],
  uk: ['UA'],
  pt: ['PT', 'BR', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL'],
  ru: ['RU', 'BY', 'KZ', 'KG'],
}
