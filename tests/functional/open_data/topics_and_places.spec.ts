import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { site } from '#config/site'
import { makeMember } from '#tests/helpers/auth'
import { parseCsv } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'

type Row = { slug: string; title: string; topics: string[]; country: string | null }

test.group('Open data: topics and places', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  /**
   * Five listed petitions, an hour apart (the oldest first), of different
   * topics, countries, languages and states; and a draft of every filter.
   */
  async function petitions() {
    const owner = await makeMember()
    const make = (hoursAgo: number, values: Record<string, unknown>) =>
      PetitionFactory.apply('published')
        .merge({
          userId: owner.id,
          // Searched words are in titles only (the factory's text speaks of a park).
          description: '<p>Text</p>',
          createdAt: DateTime.utc().minus({ hours: hoursAgo }),
          ...values,
        })
        .create()
    const bavarian = await make(5, {
      title: 'A park for Eichberg',
      lang: 'de',
      topics: ['environment', 'local-community'],
      country: 'DE',
      region: 'Bayern',
    })
    const boston = await make(4, {
      title: 'Clean rivers for Boston',
      topics: ['environment'],
      country: 'US',
      region: 'Massachusetts',
    })
    const clinic = await make(3, {
      title: 'A clinic for Cologne',
      topics: ['health'],
      country: 'DE',
    })
    const anywhere = await make(2, {
      title: 'A park for every town',
      topics: ['environment', 'health'],
      country: null,
    })
    const closed = await PetitionFactory.apply('finished')
      .merge({
        userId: owner.id,
        title: 'Closed park for Berlin',
        description: '<p>Text</p>',
        topics: ['environment'],
        country: 'DE',
        createdAt: DateTime.utc().minus({ hours: 1 }),
      })
      .create()
    await PetitionFactory.merge({
      userId: owner.id,
      title: 'A draft park',
      topics: ['environment'],
      country: 'DE',
    }).create()
    return { bavarian, boston, clinic, anywhere, closed }
  }

  test('?topic= and ?country= filter, alone, together and with the other parameters', async ({
    client,
    assert,
  }) => {
    const { boston, anywhere } = await petitions()
    // Most signed: Boston's; the list reads the counter column.
    await db.from('petitions').where('id', boston.id).update({ support_count: 50 })
    await db.from('petitions').where('id', anywhere.id).update({ support_count: 20 })

    const titles = async (query: string) => {
      const response = await client.get(`/petitions.json${query}`)
      response.assertStatus(200)
      return response.body().data.map((row: Row) => row.title)
    }

    // Every language by default, the site's (English) first, newest first in each.
    assert.deepEqual(await titles('?topic=environment'), [
      'Closed park for Berlin',
      'A park for every town',
      'Clean rivers for Boston',
      'A park for Eichberg',
    ])
    assert.deepEqual(await titles('?country=DE'), [
      'Closed park for Berlin',
      'A clinic for Cologne',
      'A park for Eichberg',
    ])
    assert.deepEqual(await titles('?country=de'), await titles('?country=DE'))
    assert.deepEqual(await titles('?topic=environment&country=DE'), [
      'Closed park for Berlin',
      'A park for Eichberg',
    ])
    assert.deepEqual(await titles('?topic=health&country=DE'), ['A clinic for Cologne'])
    assert.deepEqual(await titles('?topic=international'), [])
    assert.deepEqual(await titles('?country=FR'), [])

    // With a search, a status, a language and an order.
    assert.sameMembers(await titles('?q=park&topic=environment'), [
      'Closed park for Berlin',
      'A park for every town',
      'A park for Eichberg',
    ])
    assert.deepEqual(await titles('?q=park&topic=health'), ['A park for every town'])
    assert.deepEqual(await titles('?q=park&country=DE&status=open'), ['A park for Eichberg'])
    assert.deepEqual(await titles('?topic=environment&status=closed'), ['Closed park for Berlin'])
    assert.deepEqual(await titles('?topic=environment&status=open&lang=de'), [
      'A park for Eichberg',
    ])
    assert.deepEqual(await titles('?topic=environment&lang=en&sort=signatures'), [
      'Clean rivers for Boston',
      'A park for every town',
      'Closed park for Berlin',
    ])
    // An unknown topic or country reads as none: every listed petition.
    assert.lengthOf(await titles('?topic=gardening&country=XX'), 5)

    const filtered = (
      await client.get('/petitions.json?topic=environment&country=de&junk=1')
    ).body()
    assert.equal(filtered.links.self, `${site.url}/petitions.json?topic=environment&country=DE`)
    assert.equal(filtered.meta.total, 2)
  })

  test('each petition carries its topics, country and region, in the JSON and the CSV', async ({
    client,
    assert,
  }) => {
    const { bavarian, anywhere } = await petitions()

    const data: Array<Row & { region: string | null }> = (
      await client.get('/petitions.json?lang=all')
    ).body().data
    const json = (slug: string) => data.find((row) => row.slug === slug)!
    assert.deepInclude(json(bavarian.slug), {
      topics: ['environment', 'local-community'],
      country: 'DE',
      region: 'Bayern',
    })
    assert.deepInclude(json(anywhere.slug), {
      topics: ['environment', 'health'],
      country: null,
      region: null,
    })
    const single = (await client.get(`/petition/${bavarian.slug}.json`)).body()
    assert.deepInclude(single, {
      topics: ['environment', 'local-community'],
      country: 'DE',
      region: 'Bayern',
    })

    const csv = await client.get('/petitions.csv?topic=environment')
    csv.assertStatus(200)
    const [header, ...rows] = parseCsv(csv.text())
    assert.includeMembers(header, ['topics', 'country', 'region'])
    // The description, the longest, stays last.
    assert.equal(header.at(-1), 'description')
    const cell = (slug: string, column: string) =>
      rows.find((row) => row[header.indexOf('slug')] === slug)![header.indexOf(column)]
    assert.equal(cell(bavarian.slug, 'topics'), 'environment local-community')
    assert.equal(cell(bavarian.slug, 'country'), 'DE')
    assert.equal(cell(bavarian.slug, 'region'), 'Bayern')
    assert.equal(cell(anywhere.slug, 'country'), '')
    assert.equal(cell(anywhere.slug, 'region'), '')
    assert.lengthOf(rows, 4)
  })
})
