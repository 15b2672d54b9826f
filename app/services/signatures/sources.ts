import db from '@adonisjs/lucid/services/db'
import Petition from '#models/petition'
import { DIRECT_SOURCE, type SignatureSources } from '#shared/signature_sources'

/** A timestamp's UTC day as YYYY-MM-DD, in each database's words. */
function utcDaySql() {
  return db.connection().dialect.name === 'postgres'
    ? `to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    : 'date(confirmed_at)'
}

/** A petition's confirmed signatures that count (each walk is the source index's). */
function countedSignatures(petitionId: number) {
  return db
    .from('signatures')
    .where('petition_id', petitionId)
    .whereNotNull('confirmed_at')
    .where('active', true)
}

type Counted = { source: string | null; confirmed: number | string }

const sourceName = (source: string | null) => source ?? DIRECT_SOURCE

/** Codes and days in one order whatever the process's locale. */
const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Where a petition's confirmed signatures that count came from: by source,
 * largest first, and by UTC day and source, oldest first. One GROUP BY
 * each; a signature with no code counts as `direct` (a code no address can
 * carry, see shared/signature_sources).
 */
export async function signatureSources(petitionId: number): Promise<SignatureSources> {
  const day = utcDaySql()
  const [bySource, byDay] = await Promise.all([
    countedSignatures(petitionId).groupBy('source').select('source').count('* as confirmed'),
    countedSignatures(petitionId)
      .groupByRaw(`${day}, source`)
      .select(db.raw(`${day} AS day`), 'source')
      .count('* as confirmed'),
  ])
  const sources = (bySource as Counted[])
    .map((row) => ({ source: sourceName(row.source), confirmed: Number(row.confirmed) }))
    .sort((a, b) => b.confirmed - a.confirmed || textOrder(a.source, b.source))
  const days = (byDay as (Counted & { day: string })[])
    .map((row) => ({
      day: String(row.day),
      source: sourceName(row.source),
      confirmed: Number(row.confirmed),
    }))
    .sort((a, b) => textOrder(a.day, b.day) || textOrder(a.source, b.source))
  return { sources, days }
}

/** The petition of a guid, whoever owns it (the caller's policy decides), or null. */
export function petitionOfGuid(guid: string) {
  return Petition.query().where('guid', guid).first()
}
