import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import Petition from '#models/petition'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import { PetitionFactory } from '#database/factories/petition_factory'
import { makeMember } from '#tests/helpers/auth'
import { newGuid, submitPetition } from '#tests/helpers/petitions'
import { LIST_COUNT_CAP } from '#shared/petitions/list_filters'
import { trendingRanking } from '#runtime/caches/process_caches'

type ListProps = {
  petitions: {
    data: Array<{ title: string; topics: string[]; place: { country: string | null } }>
    total: number
    links: Array<{ label: string; url: string | null }>
  }
  filters: { lang: string; topic: string | null; country: string | null }
}

/** The list as a visitor of `host` gets it. */
async function list(client: any, query: string, host = 'de.undersign.test'): Promise<ListProps> {
  const response = await client.get(`/petitions${query}`).header('host', host).withInertia()
  response.assertStatus(200)
  return response.inertiaProps as ListProps
}

const titles = (props: ListProps) => props.petitions.data.map((card) => card.title)

/** A listed petition, created `daysAgo` days ago. */
function petition(title: string, daysAgo: number, columns: Partial<ModelAttributes<Petition>>) {
  return PetitionFactory.merge({
    title,
    published: true,
    createdAt: DateTime.now().minus({ days: daysAgo }),
    ...columns,
  })
    .with('user')
    .create()
}

/** Five petitions in three languages, of a few topics and countries. */
async function fivePetitions() {
  return {
    berlinRiver: await petition('Clean river for Berlin', 5, {
      lang: 'de',
      topics: ['environment'],
      country: 'DE',
      region: 'Berlin',
      supportCount: 50,
    }),
    lyonRiver: await petition('River cleanup in Lyon', 4, {
      lang: 'fr',
      topics: ['environment', 'health'],
      country: 'FR',
      supportCount: 500,
      finished: true,
    }),
    berlinBus: await petition('Bus lanes for Berlin', 3, {
      lang: 'de',
      topics: ['transport'],
      country: 'DE',
      supportCount: 5,
    }),
    munichTrees: await petition('More trees in Munich', 2, {
      lang: 'en',
      topics: ['environment'],
      country: 'DE',
      supportCount: 200,
      closesAt: DateTime.now().plus({ days: 5 }),
    }),
    quietStreets: await petition('Quiet streets', 1, { lang: 'en', topics: ['local-community'] }),
  }
}

test.group('Petition list: topics and countries', (group) => {
  group.each.setup(() => {
    // Rolled-back petitions leave no trace in the process's trending ranking.
    trendingRanking.clear()
    return testUtils.db().withGlobalTransaction()
  })

  test('a topic or a country combines with the search, the status, the language and every order', async ({
    assert,
    client,
  }) => {
    await fivePetitions()
    const cases: Array<[string, string[]]> = [
      // The German site: German petitions first, then the others, each newest first.
      [
        '?topic=environment',
        ['Clean river for Berlin', 'More trees in Munich', 'River cleanup in Lyon'],
      ],
      ['?country=DE', ['Bus lanes for Berlin', 'Clean river for Berlin', 'More trees in Munich']],
      ['?topic=environment&country=DE', ['Clean river for Berlin', 'More trees in Munich']],
      ['?topic=environment&lang=fr', ['River cleanup in Lyon']],
      ['?topic=environment&lang=de', ['Clean river for Berlin']],
      ['?country=DE&q=berlin', ['Bus lanes for Berlin', 'Clean river for Berlin']],
      ['?topic=environment&q=river', ['Clean river for Berlin', 'River cleanup in Lyon']],
      ['?topic=environment&status=open', ['Clean river for Berlin', 'More trees in Munich']],
      ['?topic=environment&status=closed', ['River cleanup in Lyon']],
      ['?topic=environment&status=open&q=trees', ['More trees in Munich']],
      [
        '?topic=environment&sort=signatures',
        ['Clean river for Berlin', 'River cleanup in Lyon', 'More trees in Munich'],
      ],
      [
        '?topic=environment&sort=closing',
        ['Clean river for Berlin', 'More trees in Munich', 'River cleanup in Lyon'],
      ],
      [
        '?topic=environment&sort=trending',
        ['Clean river for Berlin', 'More trees in Munich', 'River cleanup in Lyon'],
      ],
      ['?topic=health&country=FR&sort=signatures', ['River cleanup in Lyon']],
      ['?topic=housing', []],
      ['?country=PT', []],
    ]
    for (const [query, expected] of cases) {
      const props = await list(client, query)
      assert.deepEqual(titles(props), expected, query)
      assert.equal(props.petitions.total, expected.length, query)
    }

    const props = await list(client, '?topic=environment&country=de')
    assert.deepInclude(props.filters, { topic: 'environment', country: 'DE', lang: 'all' })
    const [card] = props.petitions.data
    assert.deepEqual(card.topics, ['environment'])
    assert.deepEqual(card.place, { country: 'DE', region: 'Berlin' })
  })

  test('an unknown topic or country reads as any, never as an error', async ({
    assert,
    client,
  }) => {
    await fivePetitions()
    for (const query of [
      '?topic=weather',
      '?topic[]=environment',
      '?country=XX',
      '?country=D',
      '?country[a]=DE',
    ]) {
      const props = await list(client, query)
      assert.equal(props.petitions.total, 5, query)
      assert.deepInclude(props.filters, { topic: null, country: null }, query)
    }
  })

  test('the index follows the edits of topics, country, listing and hiding', async ({
    assert,
    client,
  }) => {
    const { berlinRiver } = await fivePetitions()
    const inEnvironment = async () => titles(await list(client, '?topic=environment&lang=de'))

    await berlinRiver.merge({ topics: ['transport', 'democracy'] }).save()
    assert.deepEqual(await inEnvironment(), [])
    assert.deepEqual(titles(await list(client, '?topic=democracy')), ['Clean river for Berlin'])

    await berlinRiver.merge({ topics: ['environment'], country: 'AT' }).save()
    assert.deepEqual(await inEnvironment(), ['Clean river for Berlin'])
    assert.deepEqual(titles(await list(client, '?country=AT')), ['Clean river for Berlin'])
    assert.notInclude(titles(await list(client, '?country=DE')), 'Clean river for Berlin')

    await berlinRiver.merge({ private: true }).save()
    assert.deepEqual(await inEnvironment(), [])
    await berlinRiver.merge({ private: false, hiddenAt: DateTime.now() }).save()
    assert.deepEqual(await inEnvironment(), [])
    assert.deepEqual(titles(await list(client, '?country=AT&q=river')), [])
    await berlinRiver.merge({ hiddenAt: null }).save()
    assert.deepEqual(await inEnvironment(), ['Clean river for Berlin'])

    await berlinRiver.delete()
    assert.deepEqual(await inEnvironment(), [])
  })

  test('an owner’s edit through the form moves the petition between topic and country lists', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid, {
      title: 'Night trains to Vienna',
      topics: ['transport', 'international'],
      country: 'AT',
      region: 'Wien',
    })
    assert.deepEqual(titles(await list(client, '?topic=international&country=AT')), [
      'Night trains to Vienna',
    ])
    await submitPetition(client, owner, guid, {
      title: 'Night trains to Vienna',
      topics: ['transport'],
      country: null,
    })
    assert.deepEqual(titles(await list(client, '?topic=international')), [])
    assert.deepEqual(titles(await list(client, '?country=AT')), [])
    assert.deepEqual(titles(await list(client, '?topic=transport')), ['Night trains to Vienna'])
    const stored = await Petition.findByOrFail('guid', guid)
    assert.isNull(stored.region)
  })

  test('by default every language, the visitor’s first; a language filter keeps only it', async ({
    assert,
    client,
  }) => {
    await fivePetitions()
    // A Ukrainian visitor of a site with no Ukrainian petition still finds them all.
    const ukrainian = await list(client, '', 'uk.undersign.test')
    assert.equal(ukrainian.petitions.total, 5)
    assert.equal(ukrainian.filters.lang, 'all')
    assert.deepEqual(titles(ukrainian), [
      'Quiet streets',
      'More trees in Munich',
      'Bus lanes for Berlin',
      'River cleanup in Lyon',
      'Clean river for Berlin',
    ])
    // A French visitor: the older French petition comes first.
    assert.deepEqual(titles(await list(client, '', 'fr.undersign.test')).slice(0, 2), [
      'River cleanup in Lyon',
      'Quiet streets',
    ])
    assert.deepEqual(titles(await list(client, '?lang=fr', 'fr.undersign.test')), [
      'River cleanup in Lyon',
    ])
    assert.deepEqual(titles(await list(client, '?lang=uk', 'uk.undersign.test')), [])
  })

  test('a search’s first tier fuller than the page holds the page, and the next page crosses into the others', async ({
    assert,
    client,
  }) => {
    // Made oldest first: within a tier the newest come first.
    for (let index = 0; index < 3; index++) {
      await petition(`Benches ${index}`, 30 - index, {
        lang: 'de',
        description: '<p>A ferry for the island.</p>',
      })
    }
    for (let index = 0; index < 12; index++) {
      await petition(`Ferry timetable ${index}`, 20 - index, { lang: 'de' })
    }
    const first = await list(client, '?q=ferry&lang=de')
    assert.equal(first.petitions.total, 15)
    assert.deepEqual(
      titles(first),
      Array.from({ length: 10 }, (_, index) => `Ferry timetable ${11 - index}`)
    )
    const second = await list(client, '?q=ferry&lang=de&page=2')
    assert.equal(second.petitions.total, 15)
    assert.deepEqual(titles(second), [
      'Ferry timetable 1',
      'Ferry timetable 0',
      'Benches 2',
      'Benches 1',
      'Benches 0',
    ])
  })

  test('past 1,000 petitions a list counts "more than 1,000" and pages on to there', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const format = db.connection().dialect.dateTimeFormat
    const now = DateTime.utc()
    const rows = Array.from({ length: LIST_COUNT_CAP + 5 }, (_, index) => ({
      guid: newGuid(),
      slug: `many-${index}`,
      user_id: owner.id,
      title: `Many petition ${index}`,
      target: 'Council',
      description: '<p>Benches</p>',
      description_text: 'Benches',
      lang: index % 2 ? 'de' : 'en',
      topics: 'environment',
      country: 'DE',
      target_signatures: 100,
      published: true,
      created_at: now.minus({ minutes: index }).toFormat(format),
      updated_at: now.toFormat(format),
    }))
    for (let offset = 0; offset < rows.length; offset += 200) {
      await db.table('petitions').multiInsert(rows.slice(offset, offset + 200))
    }
    for (const query of [
      '',
      '?topic=environment',
      '?country=DE&q=benches',
      '?q=many',
      '?lang=all',
    ]) {
      const props = await list(client, query)
      assert.equal(props.petitions.total, LIST_COUNT_CAP + 1, query)
      const pages = props.petitions.links.map((link) => Number(link.label)).filter(Boolean)
      assert.equal(Math.max(...pages), Math.ceil((LIST_COUNT_CAP + 1) / 10), query)
    }
    // German first: the 502 German petitions, then the 503 English ones; page 101 holds the English 499th to 503rd.
    const last = await list(client, '?page=101')
    assert.lengthOf(titles(last), 5)
    assert.equal((await list(client, '?lang=de')).petitions.total, 502)
  })
})
