import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Petition from '#models/petition'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignature } from '#runtime/signatures/count_deltas'
import { PetitionFactory } from '#database/factories/petition_factory'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** A moment as the database stores it. */
const stored = (at: number) =>
  DateTime.fromMillis(at, { zone: 'utc' }).toFormat(db.connection().dialect.dateTimeFormat)

/** `count` signatures confirmed now, counted and flushed as the counter counts them. */
export async function countedNow(petition: Petition, count: number) {
  for (let index = 0; index < count; index++) {
    await db.transaction((trx) =>
      countSignature(trx, { petitionId: petition.id, score: 1, country: null }, 1)
    )
  }
  await signatureCounter.flush()
}

/**
 * A petition created 120 days ago with the history its counter would have
 * kept: 90 signatures in its first days by the hour, 80 on a day later on,
 * 20 in its last hours, a paper batch of 60 verified on day 60, and what
 * `supportCount` holds beyond those 250 counted before its history was kept.
 */
export async function monthsOldPetition({
  title = 'Save the park',
  supportCount = 250,
  paperPlace = 'Market',
} = {}) {
  const created = Date.now() - 120 * DAY_MS
  const petition = await PetitionFactory.apply('published')
    .merge({ title, supportCount, paperCount: 60 })
    .create()
  await db
    .from('petitions')
    .where('id', petition.id)
    .update({ created_at: stored(created) })
  const firstHour = Math.floor(created / HOUR_MS) + 2
  await db.table('petition_hourly_signatures').multiInsert([
    { petition_id: petition.id, hour: firstHour, count: 40 },
    { petition_id: petition.id, hour: firstHour + 30, count: 50 },
    { petition_id: petition.id, hour: Math.floor(Date.now() / HOUR_MS) - 3, count: 20 },
  ])
  await db
    .table('petition_daily_signatures')
    .insert({ petition_id: petition.id, day: Math.floor(created / DAY_MS) + 40, count: 80 })
  const verifiedAt = created + 60 * DAY_MS
  await db.table('paper_signature_batches').insert({
    petition_id: petition.id,
    signatures: 60,
    place: paperPlace,
    collected_on: new Date(verifiedAt).toISOString().slice(0, 10),
    status: 'verified',
    decided_at: stored(verifiedAt),
    created_at: stored(verifiedAt),
  })
  return { petition, created }
}
