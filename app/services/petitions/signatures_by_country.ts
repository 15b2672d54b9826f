import db from '@adonisjs/lucid/services/db'
import { byCountDescending, type CountryCount } from '#shared/petitions/country_counts'
import { siteCountsByCountry } from '#runtime/caches/process_caches'

/**
 * Where a petition's signers live: its counted signatures by country, read
 * from the counts the counter keeps (petition_country_signatures, moved in
 * the flush that moves the petition's totals), never from signature rows.
 * A country's count is its support plus its opposition, as the petition's
 * total is; 'ZZ' counts the signatures without a country.
 */

type Row = { petition_id: number; country: string; count: number | string }

function countedRows(petitionIds: number[]) {
  return db
    .from('petition_country_signatures')
    .whereIn('petition_id', petitionIds)
    .whereRaw('support + oppose > 0')
    .select('petition_id', 'country', db.raw('support + oppose AS count')) as Promise<Row[]>
}

/** One petition's counts by country, the largest first. */
export async function signaturesByCountry(petitionId: number): Promise<CountryCount[]> {
  const counts = await signaturesByCountryOf([petitionId])
  return counts.get(petitionId) ?? []
}

/**
 * The counts by country of many petitions (a page of a list) in one query:
 * each petition's, the largest first; a petition nobody signed has none.
 */
export async function signaturesByCountryOf(
  petitionIds: number[]
): Promise<Map<number, CountryCount[]>> {
  const counts = new Map<number, CountryCount[]>()
  if (petitionIds.length === 0) return counts
  for (const row of await countedRows(petitionIds)) {
    const id = Number(row.petition_id)
    let list = counts.get(id)
    if (!list) counts.set(id, (list = []))
    list.push({ code: row.country, count: Number(row.count) })
  }
  for (const list of counts.values()) list.sort(byCountDescending)
  return counts
}

/**
 * The whole site's counted signatures by country: one grouped query over
 * the kept counts, reused by the process for a minute.
 */
export function siteSignaturesByCountry(): Promise<CountryCount[]> {
  return siteCountsByCountry.get('site', loadSiteSignaturesByCountry)
}

async function loadSiteSignaturesByCountry() {
  const rows = (await db
    .from('petition_country_signatures')
    .select('country', db.raw('SUM(support + oppose) AS count'))
    .groupBy('country')) as Array<{ country: string; count: number | string }>
  return rows
    .map((row) => ({ code: row.country, count: Number(row.count) }))
    .filter(({ count }) => count > 0)
    .sort(byCountDescending)
}
