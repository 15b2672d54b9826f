import { test } from '@japa/runner'
import { queriesDuring } from '#tests/helpers/database'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type Petition from '#models/petition'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignature } from '#runtime/signatures/count_deltas'
import { pageObjectIn } from '#tests/helpers/inertia'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { petitionPages } from '#runtime/caches/process_caches'

/**
 * Confirmed signatures from these countries (null: none chosen), counted as
 * a confirmation counts them (a delta each); `flush` applies them.
 */
async function signaturesFrom(
  petition: Petition,
  countries: Array<string | null>,
  state: 'supporting' | 'opposing' = 'supporting'
) {
  for (const country of countries) {
    const factory = state === 'opposing' ? SignatureFactory.apply('opposing') : SignatureFactory
    const signature = await factory.merge({ petitionId: petition.id, country }).create()
    await db.transaction((trx) =>
      countSignature(trx, { petitionId: petition.id, score: signature.score, country }, 1)
    )
  }
}

async function flush() {
  await signatureCounter.flush()
  petitionPages.clear()
}

test.group('Open data: signatures by country', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a petition’s JSON gives its counted signatures by country, named in the site’s language', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    await signaturesFrom(petition, ['FR', 'FR', 'DE', null, 'UA', 'UA', 'UA'])
    await signaturesFrom(petition, ['FR', 'DE'], 'opposing')
    // Neither a signature awaiting confirmation nor one the owner removed counts.
    await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id, country: 'IT' })
      .create()
    await flush()

    const english = (await client.get(`/petition/${petition.slug}.json`)).body()
    assert.deepEqual(english.signaturesByCountry, [
      { code: 'FR', name: 'France', count: 3 },
      { code: 'UA', name: 'Ukraine', count: 3 },
      { code: 'DE', name: 'Germany', count: 2 },
      { code: 'ZZ', name: 'Unknown Region', count: 1 },
    ])
    assert.equal(english.supportCount + english.opposeCount, 9)

    const german = await client
      .get(`/petition/${petition.slug}.json`)
      .header('host', 'de.undersign.test')
    assert.deepEqual(
      german.body().signaturesByCountry.map((country: { name: string }) => country.name),
      ['Frankreich', 'Ukraine', 'Deutschland', 'Unbekannte Region']
    )

    // A withdrawal moves its country's count down at the next flush.
    const [withdrawn] = await SignatureFactory.merge({ petitionId: petition.id, country: 'UA' })
      .apply('inactive')
      .createMany(1)
    await db.transaction((trx) =>
      countSignature(trx, { petitionId: petition.id, score: withdrawn.score, country: 'UA' }, -1)
    )
    await flush()
    const after = (await client.get(`/petition/${petition.slug}/countries.json`)).body()
    assert.deepEqual(after.data, [
      { code: 'FR', name: 'France', count: 3 },
      { code: 'DE', name: 'Germany', count: 2 },
      { code: 'UA', name: 'Ukraine', count: 2 },
      { code: 'ZZ', name: 'Unknown Region', count: 1 },
    ])
  })

  test('a petition nobody signed has none; a draft’s countries are not found', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    assert.deepEqual(
      (await client.get(`/petition/${petition.slug}.json`)).body().signaturesByCountry,
      []
    )
    assert.deepEqual((await client.get(`/petition/${petition.slug}/countries.json`)).body(), {
      data: [],
    })

    const draft = await PetitionFactory.with('user').create()
    await signaturesFrom(draft, ['FR'])
    await flush()
    const response = await client.get(`/petition/${draft.slug}/countries.json`)
    response.assertStatus(404)
    ;(await client.get('/petition/no-such-petition/countries.json')).assertStatus(404)
  })

  test('open data matches the figures of the petition’s page', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    await signaturesFrom(petition, ['PT', 'PT', 'BR', null])
    await signaturesFrom(petition, ['BR'], 'opposing')
    await flush()

    const page = pageObjectIn(
      (await client.get(`/petition/${petition.slug}`).header('host', 'pt.undersign.test')).text()
    )
    const json = (
      await client.get(`/petition/${petition.slug}.json`).header('host', 'pt.undersign.test')
    ).body()
    const countries = (
      await client
        .get(`/petition/${petition.slug}/countries.json`)
        .header('host', 'pt.undersign.test')
    ).body()
    assert.deepEqual(countries.data, json.signaturesByCountry)
    const sum = json.signaturesByCountry.reduce(
      (total: number, country: { count: number }) => total + country.count,
      0
    )
    assert.equal(sum, page.props.petition.totalSignatures)
    assert.equal(json.supportCount, page.props.petition.supportCount)
    assert.deepEqual(
      countries.data.map((country: { code: string; count: number }) => [
        country.code,
        country.count,
      ]),
      [
        ['BR', 2],
        ['PT', 2],
        ['ZZ', 1],
      ]
    )
    assert.equal(countries.data[2].name, 'Região desconhecida')
  })

  test('countries.json is shared by every guest and kept by caches as the other open data', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signaturesFrom(petition, ['ES'])
    await flush()
    const first = await client
      .get(`/petition/${petition.slug}/countries.json?total=1`)
      .header('origin', 'https://news.example')
    first.assertStatus(200)
    assert.equal(first.header('access-control-allow-origin'), '*')
    assert.isUndefined(first.header('set-cookie'))
    assert.match(first.header('cache-control') ?? '', /^public, s-maxage=1/)
    const again = await client
      .get(`/petition/${petition.slug}/countries.json?total=1`)
      .header('if-none-match', first.header('etag')!)
    again.assertStatus(304)
  })

  test('a page of petitions.json reads every petition’s countries in one query', async ({
    client,
    assert,
  }) => {
    const petitions = await PetitionFactory.apply('published').with('user').createMany(12)
    for (const [index, petition] of petitions.entries()) {
      await signaturesFrom(petition, index % 2 ? ['IE', 'GB', 'GB'] : ['GB'])
    }
    await flush()

    const queries = await queriesDuring(async () => {
      const body = (await client.get('/petitions.json?sort=newest')).body()
      assert.lengthOf(body.data, 12)
      for (const listed of body.data) {
        const index = petitions.findIndex((petition) => petition.slug === listed.slug)
        assert.deepEqual(
          listed.signaturesByCountry,
          index % 2
            ? [
                { code: 'GB', name: 'United Kingdom', count: 2 },
                { code: 'IE', name: 'Ireland', count: 1 },
              ]
            : [{ code: 'GB', name: 'United Kingdom', count: 1 }]
        )
      }
    })
    const countryQueries = queries.filter((sql) => sql.includes('petition_country_signatures'))
    assert.lengthOf(countryQueries, 1)
  })
})
