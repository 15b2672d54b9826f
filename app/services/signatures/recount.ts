import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Petition from '#models/petition'
import { changePetitions } from '#models/petition_changes'
import { UNKNOWN_COUNTRY } from '#shared/countries'
import { COUNTRY_BATCH, type Delta } from '#runtime/signatures/flushed_counts'
import { signatureCounter } from '#runtime/signatures/counter'
import { appendToLog, lockLogState } from '#runtime/transparency/log_appends'
import { corrections, loggedCounts } from '#runtime/transparency/logged_sums'

function dateTimeFormat() {
  return db.connection().dialect.dateTimeFormat
}

/**
 * Rebuilds the counters of one petition, or of all, from the signature rows
 * and the verified paper count (the recount command): its totals (and how many of them carry a
 * verified identity) and its counts by country, from grouped
 * counts over the signatures, written only where they differ. Recorded
 * deltas are flushed first so that they are not applied on top of it. What
 * the transparency log's leaves lack to add up to the counts is appended
 * as corrections, in the same transaction (the demo data's signatures, or
 * a site's counts from before the log, enter it this way).
 */
export async function recountSignatures(petitionId?: number) {
  await signatureCounter.flush()
  const petitions = await Petition.query()
    .if(petitionId, (query) => query.where('id', petitionId!))
    .select(
      'id',
      'guid',
      'support_count',
      'oppose_count',
      'paper_count',
      'stopped_count',
      'deactivated_count',
      'verified_count',
      'target_signatures',
      'succeeded_at'
    )
  const counted = await countedSignatures(petitionId)
  const logged = await loggedCounts(db.connection(), petitionId ? petitions[0]?.guid : undefined)
  const uncounted = await uncountedSignatures(petitionId)
  const storedCountries = await countryCounts(
    db
      .from('petition_country_signatures')
      .if(petitionId, (query) => query.where('petition_id', petitionId!))
      .select('petition_id', 'country', 'support', 'oppose')
  )
  let changed = 0
  for (const petition of petitions) {
    const online = counted.get(petition.id) ?? {
      support: 0,
      oppose: 0,
      verified: 0,
      countries: new Map<string, Delta>(),
    }
    const { oppose, verified, countries } = online
    // Verified paper signatures are support with no rows: the batches' decisions keep `paper_count`.
    const support = online.support + petition.paperCount
    const { stopped, deactivated } = uncounted.get(petition.id) ?? { stopped: 0, deactivated: 0 }
    const totalsDiffer =
      support !== petition.supportCount ||
      oppose !== petition.opposeCount ||
      stopped !== petition.stoppedCount ||
      deactivated !== petition.deactivatedCount ||
      verified !== petition.verifiedCount
    const countriesDiffer = !sameCounts(countries, storedCountries.get(petition.id))
    // The log adds up to the counts too: what it lacks is entered as a correction.
    const truth = { support: online.support, oppose, paper: petition.paperCount }
    const logCorrections = corrections(petition.guid, truth, logged.get(petition.guid))
    if (!totalsDiffer && !countriesDiffer && logCorrections.length === 0) continue
    const succeeded =
      support >= petition.targetSignatures ? (petition.succeededAt ?? DateTime.utc()) : null
    await changePetitions(async ({ trx, mark }) => {
      // Read again under the log's lock: a flush between the first read and now is counted.
      await lockLogState(trx)
      const loggedNow = await loggedCounts(trx, petition.guid)
      const entered = corrections(petition.guid, truth, loggedNow.get(petition.guid))
      const treeSize = entered.length > 0 ? await appendToLog(trx, entered) : null
      // A query, not the model: a recount is no edit of the petition (updated_at stays).
      await Petition.query({ client: trx })
        .where('id', petition.id)
        .update({
          ...(treeSize === null ? {} : { log_tree_size: treeSize }),
          support_count: support,
          oppose_count: oppose,
          stopped_count: stopped,
          deactivated_count: deactivated,
          verified_count: verified,
          succeeded_at: succeeded ? succeeded.toFormat(dateTimeFormat()) : null,
        })
      if (countriesDiffer) await replaceCountryCounts(trx, petition.id, countries)
      mark('page', petition.id)
    })
    changed++
  }
  return { petitions: petitions.length, changed }
}

type CountryRow = {
  petition_id: number | string
  country: string
  support: number | string
  oppose: number | string
}

/** Rows of counts by country, grouped per petition. */
async function countryCounts(query: PromiseLike<CountryRow[]> | CountryRow[]) {
  const counts = new Map<number, Map<string, Delta>>()
  for (const row of await query) {
    const petitionId = Number(row.petition_id)
    const countries = counts.get(petitionId) ?? new Map<string, Delta>()
    countries.set(row.country, { support: Number(row.support), oppose: Number(row.oppose) })
    counts.set(petitionId, countries)
  }
  return counts
}

/** The same non-zero counts for the same countries. */
function sameCounts(counted: Map<string, Delta>, stored: Map<string, Delta> = new Map()) {
  const nonZero = (counts: Map<string, Delta>) =>
    [...counts].filter(([, { support, oppose }]) => support !== 0 || oppose !== 0)
  const left = nonZero(counted)
  const right = new Map(nonZero(stored))
  return (
    left.length === right.size &&
    left.every(([country, { support, oppose }]) => {
      const other = right.get(country)
      return other?.support === support && other.oppose === oppose
    })
  )
}

async function replaceCountryCounts(
  trx: TransactionClientContract,
  petitionId: number,
  countries: Map<string, Delta>
) {
  await trx.from('petition_country_signatures').where('petition_id', petitionId).delete()
  const rows = [...countries].map(([country, { support, oppose }]) => ({
    petition_id: petitionId,
    country,
    support,
    oppose,
  }))
  for (let start = 0; start < rows.length; start += COUNTRY_BATCH) {
    await trx
      .table('petition_country_signatures')
      .multiInsert(rows.slice(start, start + COUNTRY_BATCH))
  }
}

/**
 * Confirmed, active signatures per petition, split by side, in all and per
 * country, and how many of them carry a verified identity (kept through
 * anonymisation: the provider is no personal datum).
 */
async function countedSignatures(petitionId?: number) {
  const rows: Array<CountryRow & { verified: number | string }> = await db
    .from('signatures')
    .if(petitionId, (query) => query.where('petition_id', petitionId!))
    .where('active', true)
    .whereNotNull('confirmed_at')
    .groupBy('petition_id', 'country')
    .select(
      'petition_id',
      db.raw(`coalesce(country, '${UNKNOWN_COUNTRY}') as country`),
      db.raw('sum(case when score > 0 then 1 else 0 end) as support'),
      db.raw('sum(case when score > 0 then 0 else 1 end) as oppose'),
      db.raw('sum(case when identity_provider is null then 0 else 1 end) as verified')
    )
  const byCountry = await countryCounts(rows)
  const counted = new Map<number, Delta & { verified: number; countries: Map<string, Delta> }>()
  for (const [id, countries] of byCountry) {
    const total = { support: 0, oppose: 0, verified: 0, countries }
    for (const { support, oppose } of countries.values()) {
      total.support += support
      total.oppose += oppose
    }
    counted.set(id, total)
  }
  for (const row of rows) counted.get(Number(row.petition_id))!.verified += Number(row.verified)
  return counted
}

/**
 * Confirmed signatures that do not count and were not invalidated (an
 * invalidation keeps its own count), per petition: those a rule stopped and
 * those its owner switched off.
 */
async function uncountedSignatures(petitionId?: number) {
  const rows: Array<{ petition_id: number | string; stopped: unknown; deactivated: unknown }> =
    await db
      .from('signatures')
      .if(petitionId, (query) => query.where('petition_id', petitionId!))
      .where('active', false)
      .whereNotNull('confirmed_at')
      .whereNull('invalidation_id')
      .groupBy('petition_id')
      .select(
        'petition_id',
        db.raw('sum(case when blocked_rule is null then 0 else 1 end) as stopped'),
        db.raw('sum(case when blocked_rule is null then 1 else 0 end) as deactivated')
      )
  return new Map(
    rows.map((row) => [
      Number(row.petition_id),
      { stopped: Number(row.stopped), deactivated: Number(row.deactivated) },
    ])
  )
}
