import { COUNTRY_NUMERIC_CODES } from '#shared/country_numeric_codes'

/**
 * Countries by their ISO 3166-1 alpha-2 code (the stored value): which
 * codes are valid, and their names in a reader's language. The list of
 * codes is in country_numeric_codes.ts.
 */

export type CountryCode = keyof typeof COUNTRY_NUMERIC_CODES

/** Every code, in alphabetical order of the code. */
export const COUNTRY_CODES = Object.keys(COUNTRY_NUMERIC_CODES) as CountryCode[]

/**
 * The code counts use for a signature without a country (signed before the
 * form asked): CLDR's "Unknown Region", which Intl.DisplayNames names in
 * every language.
 */
export const UNKNOWN_COUNTRY = 'ZZ'

/** A postal code as typed, at most this long (the longest in use have 10). */
export const POSTAL_CODE_MAX = 20

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && Object.hasOwn(COUNTRY_NUMERIC_CODES, value)
}

/**
 * The country a page's language most likely means (CLDR's likely subtags:
 * pt → BR, uk → UA, en → US): the sign form's first choice, which the signer
 * changes in one step. Never guessed from the address or an outside service.
 */
export function likelyCountryOf(locale: string): CountryCode | null {
  const region = new Intl.Locale(locale).maximize().region
  return isCountryCode(region) ? region : null
}

const displayNames = new Map<string, Intl.DisplayNames>()

/**
 * A country's name in `locale` from CLDR (Intl.DisplayNames): 'ZZ' is
 * "Unknown Region" ("Región desconocida"…); a code CLDR does not know is
 * given as it is.
 */
export function countryName(code: string, locale: string) {
  let names = displayNames.get(locale)
  if (!names) {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' })
    displayNames.set(locale, names)
  }
  try {
    return names.of(code) ?? code
  } catch {
    return code
  }
}

/** Every country with its name in `locale`, in that language's alphabetical order. */
export function countriesByName(locale: string) {
  const collator = new Intl.Collator(locale)
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name)
  )
}
