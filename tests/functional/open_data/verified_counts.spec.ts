import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type Petition from '#models/petition'
import { signatureCounter } from '#runtime/signatures/counter'
import { foldHourlyCounts, HOURLY_HISTORY_HOURS } from '#runtime/signatures/flushed_counts'
import { hourOf } from '#shared/hours'
import { PetitionFactory } from '#database/factories/petition_factory'
import { parseCsv } from '#tests/helpers/signatures'
import { plainSignature, verifiedSignature } from '#tests/helpers/verified_signatures'

const HOUR_MS = 3_600_000

/** A listed petition that takes only verified signatures of its country's residents: 2 signed, 1 verified. */
async function verifiedPetition() {
  const petition = await PetitionFactory.apply('published')
    .merge({ country: 'DE', identityRequired: true, identityResidence: 'country' })
    .create()
  await verifiedSignature(petition)
  await plainSignature(petition)
  await signatureCounter.flush()
  return petition
}

/** The CSV list's row of `petition`, by its header's names. */
function csvRecord(text: string, petition: Petition) {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''))
  const row = rows.find((cells) => cells[0] === petition.slug)!
  return Object.fromEntries(header.map((name, index) => [name, row[index]]))
}

test.group('Open data: verified counts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a petition’s JSON and the lists give its verified count and its identity requirement', async ({
    client,
    assert,
  }) => {
    const petition = await verifiedPetition()
    const other = await PetitionFactory.apply('published').create()

    const own = await client.get(`/petition/${petition.slug}.json`)
    own.assertStatus(200)
    assert.include(own.body(), {
      supportCount: 2,
      verifiedCount: 1,
      identityRequired: true,
      identityResidence: 'country',
    })

    const list = await client.get('/petitions.json')
    list.assertStatus(200)
    const listed = (slug: string) =>
      list.body().data.find((entry: { slug: string }) => entry.slug === slug)
    assert.include(listed(petition.slug), {
      verifiedCount: 1,
      identityRequired: true,
      identityResidence: 'country',
    })
    assert.include(listed(other.slug), {
      verifiedCount: 0,
      identityRequired: false,
      identityResidence: null,
    })

    const csv = await client.get('/petitions.csv')
    csv.assertStatus(200)
    const header = parseCsv(csv.text().replace(/^\uFEFF/, ''))[0]
    // Added after the columns scripts already read; the description stays last.
    assert.deepEqual(header.slice(-5), [
      'region',
      'verifiedCount',
      'identityRequired',
      'identityResidence',
      'description',
    ])
    assert.include(csvRecord(csv.text(), petition), {
      supportCount: '2',
      verifiedCount: '1',
      identityRequired: 'true',
      identityResidence: 'country',
    })
    assert.include(csvRecord(csv.text(), other), {
      verifiedCount: '0',
      identityRequired: 'false',
      identityResidence: '',
    })
  })

  test('the history gives each step’s verified signatures, in JSON and CSV', async ({
    client,
    assert,
  }) => {
    const petition = await verifiedPetition()

    const json = await client.get(`/petition/${petition.slug}/history.json`)
    json.assertStatus(200)
    const [step] = json.body().data
    assert.deepEqual(step, {
      at: new Date(hourOf() * HOUR_MS).toISOString(),
      confirmed: 2,
      paper: 0,
      total: 2,
      verified: 1,
    })

    const csv = await client.get(`/petition/${petition.slug}/history.csv`)
    csv.assertStatus(200)
    assert.deepEqual(parseCsv(csv.text()), [
      ['at', 'confirmed', 'paper', 'total', 'verified'],
      [step.at, '2', '0', '2', '1'],
    ])
  })

  test('folding hours into days carries their verified signatures', async ({ client, assert }) => {
    const now = hourOf()
    const first = now - 400
    const petition = await PetitionFactory.apply('published').merge({ supportCount: 12 }).create()
    const folded = first + HOURLY_HISTORY_HOURS
    await db.table('petition_hourly_signatures').multiInsert(
      [
        [first, 3, 1],
        [folded, 4, 2],
        [folded + 1, 5, 3],
      ].map(([hour, count, verified]) => ({ petition_id: petition.id, hour, count, verified }))
    )

    await foldHourlyCounts(48)
    const days = await db
      .from('petition_daily_signatures')
      .where('petition_id', petition.id)
      .orderBy('day')
    assert.deepEqual(
      days.map((row) => ({ count: Number(row.count), verified: Number(row.verified) })),
      // Both folded hours within one day, or in two days when they straddle midnight.
      Math.floor(folded / 24) === Math.floor((folded + 1) / 24)
        ? [{ count: 9, verified: 5 }]
        : [
            { count: 4, verified: 2 },
            { count: 5, verified: 3 },
          ]
    )

    const steps = (await client.get(`/petition/${petition.slug}/history.json`)).body().data
    assert.equal(
      steps.reduce((sum: number, point: { verified: number }) => sum + point.verified, 0),
      6
    )
    assert.deepEqual(steps[0], {
      at: new Date(first * HOUR_MS).toISOString(),
      confirmed: 3,
      paper: 0,
      total: 3,
      verified: 1,
    })
  })
})
