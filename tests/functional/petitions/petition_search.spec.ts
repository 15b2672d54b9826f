import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import Petition from '#models/petition'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignature } from '#runtime/signatures/count_deltas'
import { foldHourlyCounts } from '#runtime/signatures/flushed_counts'
import { hourOf } from '#shared/hours'
import { makeMember } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'
import { newGuid, submitPetition } from '#tests/helpers/petitions'
import { trendingRanking } from '#runtime/caches/process_caches'

type Card = { title: string; slug: string }
type ListProps = {
  petitions: { data: Card[]; total: number; links: Array<{ label: string; url: string | null }> }
  filters: { q: string; status: string | null; lang: string; sort: string }
}

/** The list as a visitor of `host` gets it, its props. */
async function list(client: any, query: string, host = 'undersign.test'): Promise<ListProps> {
  const response = await client.get(`/petitions${query}`).header('host', host).withInertia()
  response.assertStatus(200)
  response.assertInertiaComponent('Petition/List')
  return response.inertiaProps as ListProps
}

const titles = (props: ListProps) => props.petitions.data.map((card) => card.title)

/** A listed petition with these columns. */
function petition(title: string, columns: Partial<ModelAttributes<Petition>> = {}) {
  return PetitionFactory.apply('published')
    .merge({ title, ...columns })
    .with('user')
    .create()
}

/** Petitions whose search index holds a word, read from the index itself. */
async function indexedIds(word: string) {
  if (db.connection().dialect.name === 'postgres') {
    const { rows } = await db.rawQuery(
      `SELECT petition_id AS id FROM petition_search_entries
       WHERE words @@ to_tsquery('simple', ?) ORDER BY petition_id`,
      [word]
    )
    return rows.map((row: { id: number }) => Number(row.id))
  }
  const rows = await db.rawQuery(
    'SELECT rowid AS id FROM petitions_fts WHERE petitions_fts MATCH ? ORDER BY rowid',
    [`"${word}"`]
  )
  return rows.map((row: { id: number }) => Number(row.id))
}

/** `count` signatures counted for a petition through the counter, flushed as it flushes. */
async function counted(target: Petition, count: number, direction: 1 | -1 = 1) {
  for (let index = 0; index < count; index++) {
    await db.transaction((trx) =>
      countSignature(trx, { petitionId: target.id, score: 1, country: null }, direction)
    )
  }
  await signatureCounter.flush()
}

/** Each test in its own transaction, the trending ranking forgotten first. */
function eachTestOnItsOwn(group: Group) {
  group.each.setup(() => {
    // Rolled-back petitions leave no trace in the process's trending ranking.
    trendingRanking.clear()
    return testUtils.db().withGlobalTransaction()
  })
}

test.group('Petition list: search', (group) => {
  eachTestOnItsOwn(group)

  test('a word of the title ranks above the same word in the description only', async ({
    assert,
    client,
  }) => {
    await petition('Clean air for schools', { description: '<p>Children breathe.</p>' })
    await petition('Repair the bridge', { description: '<p>Fewer cars near schools.</p>' })
    await petition('Plant trees', { description: '<p>Shade for the park.</p>' })

    const props = await list(client, '?q=schools')
    assert.deepEqual(titles(props), ['Clean air for schools', 'Repair the bridge'])
    assert.equal(props.filters.sort, 'relevance')
    assert.equal(props.petitions.total, 2)
  })

  test('every word in the title ranks first, then in the target, then anywhere; pages run across the tiers', async ({
    assert,
    client,
  }) => {
    // Made oldest first: within a tier the newest come first.
    const made = [
      ['Night crossing', { description: '<p>A harbour ferry at night.</p>' }],
      ['Ferry words spread', { target: 'The harbour office' }],
      ['Harbour ferry timetable', {}],
      ['Older timetable', { target: 'Harbour ferry company' }],
      ['New harbour ferry', {}],
    ] as const
    for (const [title, form] of made) await petition(title, form)
    const expected = [
      'New harbour ferry',
      'Harbour ferry timetable',
      'Older timetable',
      'Ferry words spread',
      'Night crossing',
    ]
    // By the search index alone, and through the list's other filters.
    for (const filter of ['', '&status=open']) {
      const props = await list(client, `?q=harbour+ferry${filter}`)
      assert.deepEqual(titles(props), expected, filter)
      assert.equal(props.petitions.total, 5)
    }

    // Four of each tier: a page of 10 ends inside the last tier.
    const tiers: string[][] = [[], [], []]
    for (let index = 1; index <= 4; index++) {
      tiers[0].unshift(`Lighthouse keeper ${index}`)
      await petition(`Lighthouse keeper ${index}`)
      tiers[1].unshift(`Coastal walk ${index}`)
      await petition(`Coastal walk ${index}`, { target: 'The lighthouse keeper guild' })
      tiers[2].unshift(`Old harbour ${index}`)
      await petition(`Old harbour ${index}`, { description: '<p>The lighthouse keeper.</p>' })
    }
    for (const filter of ['', '&status=open']) {
      const first = await list(client, `?q=lighthouse+keeper${filter}`)
      const second = await list(client, `?q=lighthouse+keeper${filter}&page=2`)
      assert.equal(first.petitions.total, 12)
      assert.deepEqual([...titles(first), ...titles(second)], tiers.flat(), filter)
    }
  })

  test('the target is searched; every word must match; the last one is a prefix', async ({
    assert,
    client,
  }) => {
    await petition('Safe crossings', { target: 'Riverside City Council' })
    await petition('Night trains', { target: 'Ministry of Transport' })

    assert.deepEqual(titles(await list(client, '?q=riverside')), ['Safe crossings'])
    assert.deepEqual(titles(await list(client, '?q=safe+river')), ['Safe crossings'])
    assert.deepEqual(titles(await list(client, '?q=night+river')), [])
    assert.deepEqual(titles(await list(client, '?q=Minist')), ['Night trains'])
  })

  test('words are found in any of the languages, without their accents and case', async ({
    assert,
    client,
  }) => {
    await petition('Más bibliotecas abiertas los domingos')
    await petition('Збережемо парк Шевченка')
    await petition('Nachtzüge zwischen Berlin und Wien')

    assert.deepEqual(titles(await list(client, '?q=bibliotecas&lang=all')), [
      'Más bibliotecas abiertas los domingos',
    ])
    assert.deepEqual(titles(await list(client, '?q=MAS+BIBLIOTECAS')), [
      'Más bibliotecas abiertas los domingos',
    ])
    assert.deepEqual(titles(await list(client, '?q=%D0%BF%D0%B0%D1%80%D0%BA')), [
      'Збережемо парк Шевченка',
    ])
    assert.deepEqual(titles(await list(client, '?q=nachtzuge')), [
      'Nachtzüge zwischen Berlin und Wien',
    ])
  })

  test('places are searched: the region as typed, the country by its name in every language of the site', async ({
    assert,
    client,
  }) => {
    await petition('Nachtzüge für alle', { lang: 'de', country: 'AT', region: 'Wien' })
    await petition('Más árboles en las calles', {
      lang: 'es',
      country: 'MX',
      region: 'Ciudad de México',
    })
    await petition('Лавки у парку', { lang: 'uk', country: 'UA', region: 'Київ' })

    const found = async (query: string, host = 'undersign.test') =>
      titles(await list(client, query, host))
    assert.deepEqual(await found('?q=Wien'), ['Nachtzüge für alle'])
    assert.deepEqual(await found('?q=ciudad+de+mexico'), ['Más árboles en las calles'])
    assert.deepEqual(await found('?q=%D0%9A%D0%B8%D1%97%D0%B2'), ['Лавки у парку'])
    // The country in the visitor's language, and in the others.
    assert.deepEqual(await found('?q=Mexique', 'fr.undersign.test'), ['Más árboles en las calles'])
    assert.deepEqual(await found('?q=%C3%96sterreich', 'de.undersign.test'), ['Nachtzüge für alle'])
    assert.deepEqual(
      await found('?q=%D0%A3%D0%BA%D1%80%D0%B0%D1%97%D0%BD%D0%B0', 'uk.undersign.test'),
      ['Лавки у парку']
    )
    assert.deepEqual(await found('?q=Austria'), ['Nachtzüge für alle'])
    // A place named in no petition finds none.
    assert.deepEqual(await found('?q=Lisboa'), [])
  })

  test('word forms match in the visitor’s language: stems where Snowball has them, the shared start for Ukrainian', async ({
    assert,
    client,
  }) => {
    await petition('Des cantines bio dans les écoles', { lang: 'fr' })
    await petition('Más bibliotecas abiertas', { lang: 'es' })
    await petition('Neue Radwege für Schulen', { lang: 'de' })
    await petition('Новые скамейки во дворах', { lang: 'ru' })
    await petition('Не прибирайте лавок з набережної', { lang: 'uk' })
    await petition('Protect the libraries', { lang: 'en' })

    const found = async (query: string, host: string) => titles(await list(client, query, host))
    assert.deepEqual(await found('?q=%C3%A9cole+cantine', 'fr.undersign.test'), [
      'Des cantines bio dans les écoles',
    ])
    assert.deepEqual(await found('?q=biblioteca', 'es.undersign.test'), [
      'Más bibliotecas abiertas',
    ])
    assert.deepEqual(await found('?q=Schule+Radweg', 'de.undersign.test'), [
      'Neue Radwege für Schulen',
    ])
    // скамейка → скамейк, as скамейки is stemmed in the index.
    assert.deepEqual(
      await found('?q=%D1%81%D0%BA%D0%B0%D0%BC%D0%B5%D0%B9%D0%BA%D0%B0', 'ru.undersign.test'),
      ['Новые скамейки во дворах']
    )
    // лавки → лав…, the start лавок shares.
    assert.deepEqual(await found('?q=%D0%BB%D0%B0%D0%B2%D0%BA%D0%B8', 'uk.undersign.test'), [
      'Не прибирайте лавок з набережної',
    ])
    assert.deepEqual(await found('?q=library', 'undersign.test'), ['Protect the libraries'])
    // Every word must still match, in one of its forms.
    assert.deepEqual(await found('?q=%C3%A9cole+piscine', 'fr.undersign.test'), [])
  })

  test('the description is searched by its words, never by its tags or attributes', async ({
    assert,
    client,
  }) => {
    await petition('Green roofs', {
      description:
        '<p>Roofs <strong>cool</strong> the city.</p><p><a href="https://example.org/hidden">Read</a> more&nbsp;here &amp; there.</p>',
    })
    assert.deepEqual(titles(await list(client, '?q=cool')), ['Green roofs'])
    assert.deepEqual(titles(await list(client, '?q=here')), ['Green roofs'])
    for (const markup of ['strong', 'href', 'hidden', 'nbsp', 'amp', 'example']) {
      assert.deepEqual(titles(await list(client, `?q=${markup}`)), [], markup)
    }
  })

  test('the index follows edits and deletions of petitions', async ({ assert, client }) => {
    const member = await makeMember()
    const guid = newGuid()
    await submitPetition(client, member, guid, { title: 'Lanterns on the pier' })
    const saved = await Petition.findByOrFail('guid', guid)
    assert.deepEqual(await indexedIds('lanterns'), [saved.id])

    await submitPetition(client, member, guid, {
      title: 'Benches on the pier',
      description: '<p>Somewhere to rest.</p>',
    })
    assert.deepEqual(titles(await list(client, '?q=lanterns')), [])
    assert.deepEqual(titles(await list(client, '?q=benches+rest')), ['Benches on the pier'])
    assert.deepEqual(await indexedIds('lanterns'), [])

    // An unpublished petition goes with its owner's account, and from the index.
    await submitPetition(client, member, guid, { title: 'Benches on the pier', published: false })
    await client
      .post('/my/account/delete')
      .json({ currentPassword: 'correct horse battery staple', understood: true })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    assert.isNull(await Petition.find(saved.id))
    assert.deepEqual(await indexedIds('benches'), [])
  })

  test('a search and its count follow a petition that is unlisted, unpublished or moved to another language', async ({
    assert,
    client,
  }) => {
    const lighthouse = await petition('Restore the lighthouse')
    await petition('Lighthouse museum hours')
    const found = async (query: string) => {
      const props = await list(client, query)
      return { titles: titles(props).sort(), total: props.petitions.total }
    }
    const both = { titles: ['Lighthouse museum hours', 'Restore the lighthouse'], total: 2 }
    const museumOnly = { titles: ['Lighthouse museum hours'], total: 1 }
    assert.deepEqual(await found('?q=lighthouse'), both)

    for (const [hidden, shown] of [
      [{ private: true }, { private: false }],
      [{ published: false }, { published: true }],
    ]) {
      await lighthouse.merge(hidden).save()
      assert.deepEqual(await found('?q=lighthouse'), museumOnly)
      assert.deepEqual(await found('?q=lighthouse&lang=all'), museumOnly)
      assert.deepEqual(await found('?q=lighthouse&sort=newest'), museumOnly)
      await lighthouse.merge(shown).save()
      assert.deepEqual(await found('?q=lighthouse'), both)
    }

    await lighthouse.merge({ lang: 'de' }).save()
    assert.deepEqual(await found('?q=lighthouse&lang=en'), museumOnly)
    // Every language by default: it stays, after the visitor's language.
    assert.deepEqual(await found('?q=lighthouse'), both)
    assert.deepEqual(await found('?q=lighthouse&lang=de'), {
      titles: ['Restore the lighthouse'],
      total: 1,
    })
    assert.deepEqual(await found('?q=lighthouse&lang=all'), both)
  })

  test('no search text can break the query: quotes, operators and syntax of either database', async ({
    assert,
    client,
  }) => {
    await petition('Park benches for Oak Hill')
    const hostile = [
      '"',
      '""',
      "'",
      '*',
      'park"',
      '"park" OR "oak',
      'park AND',
      'NOT park',
      'NEAR(park oak)',
      'title:park',
      '^park',
      'park:*',
      'park & | !',
      '(park',
      'park)',
      '\\',
      '-park',
      '+park',
      '{park}',
      'park <-> oak',
      '%_',
      '\u0000',
      '😀 park',
      'a'.repeat(500),
    ]
    for (const q of hostile) {
      const response = await client.get(`/petitions?${new URLSearchParams({ q })}`).withInertia()
      assert.isBelow(response.status(), 500, q)
    }
    // The words are still searched, whatever surrounds them.
    assert.deepEqual(titles(await list(client, `?${new URLSearchParams({ q: '"park" "oak' })}`)), [
      'Park benches for Oak Hill',
    ])
    assert.deepEqual(titles(await list(client, `?${new URLSearchParams({ q: 'NEAR(park' })}`)), [])
    assert.deepEqual(titles(await list(client, `?${new URLSearchParams({ q: '(park)' })}`)), [
      'Park benches for Oak Hill',
    ])
  })
})

test.group('Petition list: filters and orders', (group) => {
  eachTestOnItsOwn(group)

  test('status: open, successful and closed petitions, or all of them', async ({
    assert,
    client,
  }) => {
    const past = DateTime.utc().minus({ days: 1 })
    const future = DateTime.utc().plus({ days: 3 })
    await petition('Open without date')
    await petition('Open with date', { closesAt: future })
    await petition('Finished', { finished: true })
    await petition('Date passed', { closesAt: past })
    await petition('Successful and open', { supportCount: 1000, targetSignatures: 1000 })
    await petition('Successful and finished', {
      supportCount: 1500,
      targetSignatures: 1000,
      finished: true,
    })

    const sorted = async (query: string) => titles(await list(client, query)).sort()
    assert.deepEqual(await sorted('?status=open'), [
      'Open with date',
      'Open without date',
      'Successful and open',
    ])
    assert.deepEqual(await sorted('?status=successful'), [
      'Successful and finished',
      'Successful and open',
    ])
    assert.deepEqual(await sorted('?status=closed'), [
      'Date passed',
      'Finished',
      'Successful and finished',
    ])
    assert.lengthOf(await sorted(''), 6)
    assert.lengthOf(await sorted('?status=nonsense'), 6)
  })

  test('the language: stored from the site a petition is written on; the list shows every language, the visitor’s first, unless asked for one', async ({
    assert,
    client,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    await submitPetition(client, member, guid, { title: 'Mehr Grün auf Schulhöfen' }).header(
      'host',
      'de.undersign.test'
    )
    assert.equal((await Petition.findByOrFail('guid', guid)).lang, 'de')
    await petition('Green schoolyards')
    await petition('Cours vertes', { lang: 'fr' })

    // The visitor's language first, then the others, each newest first.
    const german = await list(client, '', 'de.undersign.test')
    assert.equal(german.filters.lang, 'all')
    assert.deepEqual(titles(german), [
      'Mehr Grün auf Schulhöfen',
      'Cours vertes',
      'Green schoolyards',
    ])
    assert.deepEqual(titles(await list(client, '')), [
      'Green schoolyards',
      'Cours vertes',
      'Mehr Grün auf Schulhöfen',
    ])
    assert.deepEqual(titles(await list(client, '?lang=all', 'de.undersign.test')), titles(german))
    // One language, when asked for: the visitor's or another.
    assert.deepEqual(titles(await list(client, '?lang=de', 'de.undersign.test')), [
      'Mehr Grün auf Schulhöfen',
    ])
    assert.deepEqual(titles(await list(client, '?lang=fr', 'de.undersign.test')), ['Cours vertes'])
    // A language the site does not have reads as every language.
    for (const lang of ['xx', 'ALL', '', 'de-DE']) {
      const props = await list(client, `?lang=${lang}`, 'de.undersign.test')
      assert.equal(props.filters.lang, 'all', lang)
      assert.deepEqual(titles(props), titles(german), lang)
    }
  })

  test('sorted by newest, by signatures and by closing date', async ({ assert, client }) => {
    const now = DateTime.utc()
    await petition('Old, many signatures', {
      supportCount: 900,
      createdAt: now.minus({ days: 3 }),
    })
    await petition('Middle, closing later', {
      supportCount: 10,
      closesAt: now.plus({ days: 20 }),
      createdAt: now.minus({ days: 2 }),
    })
    await petition('New, closing soon', {
      supportCount: 50,
      closesAt: now.plus({ days: 2 }),
      createdAt: now.minus({ days: 1 }),
    })
    await petition('Newest, closed', { supportCount: 5, closesAt: now.minus({ hours: 1 }) })

    assert.deepEqual(titles(await list(client, '')), [
      'Newest, closed',
      'New, closing soon',
      'Middle, closing later',
      'Old, many signatures',
    ])
    assert.deepEqual(titles(await list(client, '?sort=signatures')), [
      'Old, many signatures',
      'New, closing soon',
      'Middle, closing later',
      'Newest, closed',
    ])
    // Open petitions with a date, soonest first, then the others, newest first.
    assert.deepEqual(titles(await list(client, '?sort=closing')), [
      'New, closing soon',
      'Middle, closing later',
      'Newest, closed',
      'Old, many signatures',
    ])
  })

  test('trending: the most signatures counted in the last 24 hours, from the counter’s hourly counts', async ({
    assert,
    client,
  }) => {
    const quiet = await petition('Quiet, but many signatures long ago', { supportCount: 5000 })
    const busy = await petition('Busy today')
    const busier = await petition('Busiest today')
    const withdrawn = await petition('Signed then withdrawn')
    await petition('Newest, nothing today')

    await counted(busy, 3)
    await counted(busier, 5)
    await counted(withdrawn, 2)
    await counted(withdrawn, 2, -1)
    // Signatures counted yesterday or before no longer trend.
    await db.table('petition_hourly_signatures').multiInsert([
      { petition_id: quiet.id, hour: hourOf() - 24, count: 100 },
      { petition_id: quiet.id, hour: hourOf() - 49, count: 100 },
    ])

    const rows = await db.from('petition_hourly_signatures').where('petition_id', busier.id)
    assert.deepEqual(
      rows.map((row) => [Number(row.hour), Number(row.count)]),
      [[hourOf(), 5]]
    )
    assert.equal((await Petition.findOrFail(busier.id)).supportCount, 5)

    assert.deepEqual(titles(await list(client, '?sort=trending')), [
      'Busiest today',
      'Busy today',
      'Newest, nothing today',
      'Signed then withdrawn',
      'Quiet, but many signatures long ago',
    ])

    // The hourly job keeps the last 48 hours (and a petition's first week, which these are).
    await foldHourlyCounts(48)
    const kept = await db.from('petition_hourly_signatures').where('petition_id', quiet.id)
    assert.deepEqual(
      kept.map((row) => Number(row.hour)).sort(),
      [hourOf() - 49, hourOf() - 24].sort()
    )
    assert.lengthOf(await db.from('petition_hourly_signatures').where('petition_id', busy.id), 1)
  })

  test('search, filters and orders combine; the page links keep them', async ({
    assert,
    client,
  }) => {
    for (let index = 1; index <= 13; index++) {
      await petition(`Bike lane number ${index}`, {
        supportCount: index * 10,
        lang: index % 2 ? 'es' : 'en',
        createdAt: DateTime.utc().minus({ hours: index }),
      })
    }
    await petition('Bus lane', { supportCount: 10_000, lang: 'es' })

    // Every language, the visitor's (English: the even numbers) first, each by signatures.
    const first = await list(client, '?q=bike&status=open&lang=all&sort=signatures')
    assert.equal(first.petitions.total, 13)
    assert.equal(first.petitions.data[0].title, 'Bike lane number 12')
    assert.equal(first.petitions.data[6].title, 'Bike lane number 13')
    const next = first.petitions.links.find((link) => link.label === '2')!
    const params = new URL(next.url!, 'http://x').searchParams
    // Every language is the default: the links need no `lang`.
    assert.deepEqual(Object.fromEntries(params), {
      q: 'bike',
      status: 'open',
      sort: 'signatures',
      page: '2',
    })
    const second = await list(client, new URL(next.url!, 'http://x').search)
    assert.deepEqual(titles(second), [
      'Bike lane number 5',
      'Bike lane number 3',
      'Bike lane number 1',
    ])

    // Spanish visitors, trending (nothing today: newest first), across the two parts of the order.
    const busy = await Petition.findByOrFail('title', 'Bike lane number 13')
    await counted(busy, 1)
    const es = await list(client, '?q=lane&sort=trending&lang=es', 'es.undersign.test')
    assert.equal(es.petitions.total, 8)
    assert.deepEqual(titles(es).slice(0, 3), [
      'Bike lane number 13',
      'Bus lane',
      'Bike lane number 1',
    ])
    assert.lengthOf(es.petitions.data, 8)
    // Every language, the Spanish ones first: the pages run across the languages too.
    const all = await list(client, '?q=lane&sort=trending', 'es.undersign.test')
    assert.equal(all.petitions.total, 14)
    assert.deepEqual(titles(all), [...titles(es), 'Bike lane number 2', 'Bike lane number 4'])
    const allNext = all.petitions.links.find((link) => link.label === '2')!
    assert.deepEqual(Object.fromEntries(new URL(allNext.url!, 'http://x').searchParams), {
      q: 'lane',
      sort: 'trending',
      page: '2',
    })
    const allSecond = await list(
      client,
      new URL(allNext.url!, 'http://x').search,
      'es.undersign.test'
    )
    assert.deepEqual(titles(allSecond), [
      'Bike lane number 6',
      'Bike lane number 8',
      'Bike lane number 10',
      'Bike lane number 12',
    ])

    // Without a search the default order needs no parameter.
    const plain = await list(client, '')
    const plainNext = plain.petitions.links.find((link) => link.label === '2')!
    assert.equal(plainNext.url, '/petitions?page=2')
  })

  test('a page past the last of a two-part order is empty, the one across the parts complete', async ({
    assert,
    client,
  }) => {
    const now = DateTime.utc()
    for (let index = 1; index <= 12; index++) {
      await petition(`Closing ${index}`, {
        closesAt: index <= 7 ? now.plus({ days: index }) : null,
        createdAt: now.minus({ hours: index }),
      })
    }
    const first = await list(client, '?sort=closing')
    assert.deepEqual(titles(first).slice(0, 8), [
      'Closing 1',
      'Closing 2',
      'Closing 3',
      'Closing 4',
      'Closing 5',
      'Closing 6',
      'Closing 7',
      'Closing 8',
    ])
    assert.lengthOf(first.petitions.data, 10)
    const second = await list(client, '?sort=closing&page=2')
    assert.deepEqual(titles(second), ['Closing 11', 'Closing 12'])
    const beyond = await list(client, '?sort=closing&page=9')
    assert.lengthOf(beyond.petitions.data, 0)
    assert.equal(beyond.petitions.total, 12)
  })

  test('unknown or malformed parameters read as the defaults, never as an error', async ({
    assert,
    client,
  }) => {
    await petition('Any petition')
    const queries = [
      '?status[]=open&sort[x]=1&lang[]=all&q[]=any',
      '?sort=relevance',
      '?sort=%E2%80%8B&status=%F0%9F%98%80&page=-1',
      '?sort=trending&page=1.5',
      '?q=&status=&lang=&sort=',
    ]
    for (const query of queries) {
      const props = await list(client, query)
      assert.deepEqual(titles(props), ['Any petition'], query)
      assert.deepEqual(props.filters.status, null, query)
      assert.equal(props.filters.lang, 'all', query)
    }
    assert.equal((await list(client, '?sort=relevance')).filters.sort, 'newest')
    assert.equal((await list(client, '?q=any&sort=newest')).filters.sort, 'newest')
  })

  test('an empty result says that nothing matches and offers to clear the filters', async ({
    assert,
    client,
  }) => {
    await petition('Something')
    const html = (await client.get('/petitions?q=zebra').header('host', 'fr.undersign.test')).text()
    // French quotes hold their word with no-break spaces.
    assert.include(html, 'Aucune pétition ne correspond à «\u00a0zebra\u00a0» avec ces filtres.')
    assert.include(html, 'Effacer la recherche et les filtres')
  })
})
