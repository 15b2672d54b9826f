import { UNKNOWN_COUNTRY, countryName } from '#shared/countries'

/** A petition's (or the site's) counted signatures from one country; 'ZZ' is unknown. */
export type CountryCount = { code: string; count: number }

/** A country's count with its name in the reader's language, as open data gives it. */
export type NamedCountryCount = CountryCount & { name: string }

/** Counts with their names in `locale`, in the same order. */
export function namedCountryCounts(counts: CountryCount[], locale: string): NamedCountryCount[] {
  return counts.map(({ code, count }) => ({ code, name: countryName(code, locale), count }))
}

/** The order counts are given in: the largest first, then by code. */
export function byCountDescending(a: CountryCount, b: CountryCount) {
  return b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
}

/**
 * When moderators' attention is drawn to a country: it gives at least
 * `minSignatures` of the petition's signatures, at least `minShare` of those
 * whose country is known, and at least `factor` times its share of the
 * known signatures of every other petition of the site.
 */
export const COUNTRY_OUTLIER_RULE = { minSignatures: 50, minShare: 0.2, factor: 3 } as const

/** A country of a petition as moderators see it. */
export type CountryShare = {
  code: string
  count: number
  /** Its share of the petition's counted signatures, unknown ones included (0 to 1). */
  share: number
  /** Its share of the known-country signatures of the site's other petitions (0 to 1), or null when they have none. */
  siteShare: number | null
  /** Far above its share of the rest of the site: see COUNTRY_OUTLIER_RULE. */
  outlier: boolean
}

/**
 * A petition's countries with their shares, flagged when a country's share
 * is far above its share of the rest of the site (COUNTRY_OUTLIER_RULE).
 * Shares are compared among signatures whose country is known, so the
 * signatures from before the form asked ('ZZ') weigh on neither side;
 * the petition itself is taken out of the site's counts (a huge petition
 * would otherwise hide its own outliers). `site` is the whole site's counts
 * by country, this petition's included. Unknown is never flagged; with no
 * known signature elsewhere on the site there is nothing to compare with,
 * and nothing is flagged.
 */
export function countryShares(
  petition: CountryCount[],
  site: CountryCount[],
  rule: { minSignatures: number; minShare: number; factor: number } = COUNTRY_OUTLIER_RULE
): CountryShare[] {
  const own = new Map(petition.map(({ code, count }) => [code, count]))
  const total = petition.reduce((sum, { count }) => sum + count, 0)
  const knownTotal = total - (own.get(UNKNOWN_COUNTRY) ?? 0)
  // The rest of the site: every other petition (a cached site count may lag behind; never below 0).
  const rest = new Map<string, number>()
  for (const { code, count } of site) {
    if (code !== UNKNOWN_COUNTRY) rest.set(code, Math.max(0, count - (own.get(code) ?? 0)))
  }
  const restKnownTotal = [...rest.values()].reduce((sum, count) => sum + count, 0)
  return petition
    .filter(({ count }) => count > 0)
    .sort(byCountDescending)
    .map(({ code, count }) => {
      const known = code !== UNKNOWN_COUNTRY
      const siteShare = known && restKnownTotal > 0 ? (rest.get(code) ?? 0) / restKnownTotal : null
      const knownShare = known && knownTotal > 0 ? count / knownTotal : 0
      return {
        code,
        count,
        share: total > 0 ? count / total : 0,
        siteShare,
        outlier:
          siteShare !== null &&
          count >= rule.minSignatures &&
          knownShare >= rule.minShare &&
          knownShare >= rule.factor * siteShare,
      }
    })
}
