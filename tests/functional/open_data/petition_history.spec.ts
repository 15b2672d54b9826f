import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { foldHourlyCounts, HOURLY_HISTORY_HOURS } from '#runtime/signatures/flushed_counts'
import { hourOf } from '#shared/hours'
import { PetitionFactory } from '#database/factories/petition_factory'
import type Petition from '#models/petition'

const HOUR_MS = 3_600_000

/** Hourly counts as the counter's flush leaves them: [hour, count] pairs. */
async function counted(petition: Petition, rows: Array<[number, number]>) {
  await db
    .table('petition_hourly_signatures')
    .multiInsert(rows.map(([hour, count]) => ({ petition_id: petition.id, hour, count })))
}

async function hourly(petition: Petition) {
  const rows = await db
    .from('petition_hourly_signatures')
    .where('petition_id', petition.id)
    .orderBy('hour')
  return rows.map((row) => [Number(row.hour), Number(row.count)])
}

async function daily(petition: Petition) {
  const rows = await db
    .from('petition_daily_signatures')
    .where('petition_id', petition.id)
    .orderBy('day')
  return rows.map((row) => [Number(row.day), Number(row.count)])
}

test.group('Open data: how a petition grew', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('hours past the first week and the last 48 fold into days; nothing is lost or counted twice', async ({
    assert,
  }) => {
    const now = hourOf()
    const first = now - 400
    const petition = await PetitionFactory.apply('published').create()
    const other = await PetitionFactory.apply('published').create()
    await counted(petition, [
      [first, 3],
      [first + 10, 2],
      // Its first week ends here: the next hours are older than 48 and fold.
      [first + HOURLY_HISTORY_HOURS, 4],
      [first + HOURLY_HISTORY_HOURS + 1, -1],
      [now - 60, 5],
      [now - 30, 7],
    ])
    // Another petition whose whole history is within its first week keeps every hour.
    await counted(other, [
      [now - 100, 1],
      [now - 90, 1],
    ])

    await foldHourlyCounts(48)
    assert.deepEqual(await hourly(petition), [
      [first, 3],
      [first + 10, 2],
      [now - 30, 7],
    ])
    const folded = new Map<number, number>()
    for (const [hour, count] of [
      [first + HOURLY_HISTORY_HOURS, 4],
      [first + HOURLY_HISTORY_HOURS + 1, -1],
      [now - 60, 5],
    ]) {
      const day = Math.floor(hour / 24)
      folded.set(day, (folded.get(day) ?? 0) + count)
    }
    assert.deepEqual(
      await daily(petition),
      [...folded].sort((a, b) => a[0] - b[0])
    )
    assert.lengthOf(await hourly(other), 2)
    assert.lengthOf(await daily(other), 0)

    // Run again (a retried job): nothing moves twice.
    await foldHourlyCounts(48)
    assert.deepEqual(
      await daily(petition),
      [...folded].sort((a, b) => a[0] - b[0])
    )
    assert.lengthOf(await hourly(petition), 3)
  })

  test('history.json and history.csv give each step with the running total, oldest first', async ({
    client,
    assert,
  }) => {
    const now = hourOf()
    const first = now - 400
    // Its counter, as the flushes that wrote these hours left it.
    const petition = await PetitionFactory.apply('published').merge({ supportCount: 7 }).create()
    await counted(petition, [
      [first, 3],
      [first + HOURLY_HISTORY_HOURS + 30, 6],
      [now - 1, -2],
    ])
    await foldHourlyCounts(48)
    const foldedDay = Math.floor((first + HOURLY_HISTORY_HOURS + 30) / 24)
    const expected = [
      {
        at: new Date(first * HOUR_MS).toISOString(),
        confirmed: 3,
        paper: 0,
        total: 3,
        verified: 0,
      },
      {
        at: new Date(foldedDay * 24 * HOUR_MS).toISOString(),
        confirmed: 6,
        paper: 0,
        total: 9,
        verified: 0,
      },
      {
        at: new Date((now - 1) * HOUR_MS).toISOString(),
        confirmed: -2,
        paper: 0,
        total: 7,
        verified: 0,
      },
    ]

    const json = await client.get(`/petition/${petition.slug}/history.json`)
    json.assertStatus(200)
    assert.match(json.header('content-type') ?? '', /^application\/json/)
    assert.deepEqual(json.body(), { data: expected })

    const csv = await client.get(`/petition/${petition.slug}/history.csv`)
    csv.assertStatus(200)
    assert.match(csv.header('content-type') ?? '', /^text\/csv/)
    assert.equal(
      csv.text().replace(/^\uFEFF/, ''),
      [
        'at,confirmed,paper,total,verified',
        ...expected.map((p) => `${p.at},${p.confirmed},${p.paper},${p.total},${p.verified}`),
      ]
        .map((line) => `${line}\r\n`)
        .join('')
    )
  })

  test('the last total is the count its page shows: verified paper in its step, signatures counted before the history from the start', async ({
    client,
    assert,
  }) => {
    const now = hourOf()
    // 12 signatures online in the hours below (3 of them opposing), 40 on paper and 5 counted
    // before the history was kept (a recount): the page says 57 signed.
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ supportCount: 54, paperCount: 40, opposeCount: 3 })
      .create()
    await counted(petition, [
      [now - 30, 8],
      [now - 2, 4],
    ])
    const verifiedAt = DateTime.fromMillis((now - 10) * HOUR_MS + 25 * 60_000, { zone: 'utc' })
    const format = db.connection().dialect.dateTimeFormat
    const batch = {
      petition_id: petition.id,
      place: 'Market',
      collected_on: verifiedAt.toISODate(),
      created_at: verifiedAt.toFormat(format),
    }
    await db.table('paper_signature_batches').multiInsert([
      { ...batch, signatures: 40, status: 'verified', decided_at: verifiedAt.toFormat(format) },
      // Waiting or rejected: not counted, not in the history.
      { ...batch, signatures: 7, status: 'pending', decided_at: null },
      { ...batch, signatures: 9, status: 'rejected', decided_at: verifiedAt.toFormat(format) },
    ])

    const json = await client.get(`/petition/${petition.slug}/history.json`)
    json.assertStatus(200)
    assert.deepEqual(json.body().data, [
      {
        at: new Date((now - 30) * HOUR_MS).toISOString(),
        confirmed: 8,
        paper: 0,
        total: 13,
        verified: 0,
      },
      {
        at: new Date((now - 10) * HOUR_MS).toISOString(),
        confirmed: 0,
        paper: 40,
        total: 53,
        verified: 0,
      },
      {
        at: new Date((now - 2) * HOUR_MS).toISOString(),
        confirmed: 4,
        paper: 0,
        total: 57,
        verified: 0,
      },
    ])
  })

  test('a petition with no signature yet has an empty history', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').create()
    const response = await client.get(`/petition/${petition.slug}/history.json`)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { data: [] })
  })

  test('drafts, hidden petitions and unknown slugs have no history to read', async ({ client }) => {
    const draft = await PetitionFactory.create()
    const hidden = await PetitionFactory.apply('published', 'hidden').create()
    for (const slug of [draft.slug, hidden.slug, 'no-such-petition']) {
      ;(await client.get(`/petition/${slug}/history.json`)).assertStatus(404)
      ;(await client.get(`/petition/${slug}/history.csv`)).assertStatus(404)
    }
  })
})
