import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { XMLParser } from 'fast-xml-parser'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import { site } from '#config/site'
import { makeMember } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'
import type User from '#models/user'
import { pageObjectIn } from '#tests/helpers/inertia'

const ATOM = 'http://www.w3.org/2005/Atom'

type Link = { '@_href': string; '@_rel'?: string }
/** A text construct with its type (RFC 4287 §3.1). */
type Text = { '#text': string; '@_type': string }
type Entry = {
  id: string
  title: Text
  updated: string
  published: string
  summary: Text
  link: Link[]
  author: Array<{ name: string; email?: string }>
  category: Array<{ '@_term': string; '@_label'?: string }>
}
type AtomFeed = {
  '@_xmlns': string
  'id': string
  'title': string
  'subtitle': string
  'updated': string
  'author'?: Array<{ name: string }>
  'link': Link[]
  'entry': Entry[]
}

/** The feed as a real XML parser reads it: it throws on anything that is not well-formed. */
function parsed(body: string): AtomFeed {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => ['entry', 'link', 'author', 'category'].includes(name),
  })
  return parser.parse(body, true).feed
}

const isDate = (value: unknown) =>
  typeof value === 'string' && DateTime.fromISO(value, { setZone: true }).isValid

/** RFC 4287's required elements of a feed and of each entry, and its namespace. */
function assertAtom(assert: any, feed: AtomFeed, self: string) {
  assert.equal(feed['@_xmlns'], ATOM)
  assert.isNotEmpty(feed.id)
  assert.isNotEmpty(feed.title)
  assert.isTrue(isDate(feed.updated), `updated: ${feed.updated}`)
  assert.deepInclude(feed.link, { '@_rel': 'self', '@_href': self })
  const entries = feed.entry ?? []
  // An author for the feed, or one in every entry.
  assert.isTrue(
    Boolean(feed.author?.[0]?.name) || entries.every((entry) => entry.author?.[0]?.name),
    'an author'
  )
  for (const entry of entries) {
    assert.isNotEmpty(entry.id)
    assert.isNotEmpty(entry.title['#text'])
    assert.isTrue(isDate(entry.updated), `entry updated: ${entry.updated}`)
    assert.isTrue(isDate(entry.published))
    assert.isNotEmpty(entry.link[0]['@_href'])
    assert.isOk(new URL(entry.link[0]['@_href']))
  }
}

/** What a reader shows of a `type="html"` text: its entities decoded. */
const shown = (html: string) =>
  html
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')

const hoursAgo = (hours: number) => DateTime.utc().minus({ hours })

function listed(owner: User | null, values: Record<string, unknown>) {
  return PetitionFactory.apply('published')
    .merge({ userId: owner?.id ?? null, ...values })
    .create()
}

test.group('Feeds: new petitions of a topic or a country', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the topic feed is valid Atom with the listed petitions of that topic, newest first, escaped', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember({
      firstName: 'Olena',
      lastName: 'Koval',
      email: 'olena.owner@example.org',
    })
    const oldest = await listed(owner, {
      title: 'Trees for Eichberg',
      lang: 'de',
      topics: ['environment'],
      country: 'DE',
      createdAt: hoursAgo(3),
    })
    const orphan = await listed(null, {
      title: 'A petition whose owner left',
      topics: ['environment', 'local-community'],
      createdAt: hoursAgo(2),
    })
    const hostile = await listed(owner, {
      title: '<script>alert(1)</script> Parks & "trees" ]]> for all',
      description: `<p>${'Clean air &amp; <b>green</b> parks. '.repeat(20)}</p>`,
      lang: 'es',
      topics: ['environment', 'health'],
      createdAt: hoursAgo(1),
    })
    // Not listed, or not of the topic: none of these is in the feed.
    const absent = [
      await PetitionFactory.merge({
        title: 'A draft',
        userId: owner.id,
        topics: ['environment'],
      }).create(),
      await listed(owner, { title: 'An unlisted one', private: true, topics: ['environment'] }),
      await PetitionFactory.apply('hidden')
        .merge({ title: 'A hidden one', userId: owner.id, topics: ['environment'] })
        .create(),
      await listed(owner, { title: 'About health only', topics: ['health'] }),
    ]

    const response = await client.get('/petitions/topics/environment.atom')
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/atom+xml; charset=utf-8')
    const body = response.text()
    const feed = parsed(body)
    const self = `${site.url}/petitions/topics/environment.atom`
    assertAtom(assert, feed, self)
    assert.equal(feed.id, self)
    const en = i18nManager.locale('en')
    assert.equal(
      feed.title,
      en.t('feeds.topic_title', { site: site.name, topic: en.t('page.topics.environment') })
    )
    assert.deepInclude(feed.link, {
      '@_rel': 'alternate',
      '@_href': `${site.url}/petitions?topic=environment`,
    })

    // Newest first, whatever the language; nothing else.
    assert.deepEqual(
      feed.entry.map((entry) => entry.id),
      [hostile, orphan, oldest].map((petition) => `urn:uuid:${petition.guid}`)
    )
    assert.equal(DateTime.fromISO(feed.updated).toMillis(), hostile.updatedAt!.toMillis())
    for (const petition of absent) assert.notInclude(body, petition.title)

    const [first, second, third] = feed.entry
    // Each on its own language's site.
    assert.equal(first.link[0]['@_href'], `${site.urlFor('es')}/petition/${hostile.slug}`)
    assert.equal(third.link[0]['@_href'], `${site.urlFor('de')}/petition/${oldest.slug}`)
    // Users' text is text: a reader shows the title as typed, and never runs it.
    assert.notInclude(body, '<script')
    assert.equal(first.title['@_type'], 'html')
    assert.notMatch(first.title['#text'], /</)
    assert.equal(shown(first.title['#text']), hostile.title)
    const summary = first.summary['#text']
    assert.equal(first.summary['@_type'], 'html')
    assert.notMatch(summary, /</)
    assert.isTrue(shown(summary).startsWith('Clean air & green parks. Clean air'))
    // Its first 300 characters (of 500), cut with an ellipsis.
    assert.isAtMost(Array.from(shown(summary)).length, 301)
    assert.isAtLeast(Array.from(shown(summary)).length, 290)
    assert.isTrue(summary.endsWith('…'))
    // The owner's first name only; a deleted owner by the site's word for them.
    assert.deepEqual(first.author, [{ name: 'Olena' }])
    assert.deepEqual(second.author, [{ name: en.t('page.account.deleted_user') }])
    assert.notInclude(body, 'Koval')
    assert.notMatch(body, /@/)
    assert.sameMembers(
      first.category.map((category) => category['@_term']),
      ['environment', 'health']
    )
    assert.include(
      first.category.map((category) => category['@_label']),
      en.t('page.topics.health')
    )
  })

  test('the country feed lists that country’s listed petitions, in either case of its code', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember({ email: 'country.owner@example.org' })
    const german = await listed(owner, {
      title: 'Radwege für Köln',
      lang: 'de',
      country: 'DE',
      region: 'Köln',
      createdAt: hoursAgo(2),
    })
    const english = await listed(owner, {
      title: 'Bike lanes for Berlin',
      country: 'DE',
      createdAt: hoursAgo(1),
    })
    await listed(owner, { title: 'Bike lanes for Boston', country: 'US' })
    await listed(owner, { title: 'Bike lanes anywhere', country: null })
    await listed(owner, { title: 'Unlisted bike lanes', country: 'DE', private: true })

    const response = await client.get('/petitions/countries/DE.atom')
    response.assertStatus(200)
    const feed = parsed(response.text())
    const self = `${site.url}/petitions/countries/DE.atom`
    assertAtom(assert, feed, self)
    assert.deepEqual(
      feed.entry.map((entry) => entry.id),
      [english, german].map((petition) => `urn:uuid:${petition.guid}`)
    )
    const en = i18nManager.locale('en')
    assert.equal(feed.title, en.t('feeds.country_title', { site: site.name, country: 'Germany' }))
    assert.notMatch(response.text(), /@/)

    const lower = parsed((await client.get('/petitions/countries/de.atom')).text())
    assert.equal(lower.id, self)
    assert.lengthOf(lower.entry, 2)
  })

  test('the Spanish site titles its feeds in Spanish, with its own addresses', async ({
    client,
    assert,
  }) => {
    await listed(await makeMember(), { title: 'Parques', country: 'MX', topics: ['culture'] })
    const es = i18nManager.locale('es')
    const topic = parsed(
      (
        await client.get('/petitions/topics/culture.atom').header('host', 'es.undersign.test')
      ).text()
    )
    assert.equal(
      topic.title,
      es.t('feeds.topic_title', { site: site.name, topic: es.t('page.topics.culture') })
    )
    assert.equal(
      topic.subtitle,
      es.t('feeds.topic_subtitle', { topic: es.t('page.topics.culture') })
    )
    assert.equal(topic.id, `${site.urlFor('es')}/petitions/topics/culture.atom`)
    assert.notEqual(
      topic.title,
      i18nManager.locale('en').t('feeds.topic_title', { site: site.name, topic: 'Culture' })
    )

    const country = parsed(
      (await client.get('/petitions/countries/MX.atom').header('host', 'es.undersign.test')).text()
    )
    assert.equal(country.title, es.t('feeds.country_title', { site: site.name, country: 'México' }))
    assert.lengthOf(country.entry, 1)
  })

  test('an empty feed is still valid Atom, and caches revalidate it', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/petitions/topics/justice.atom')
    response.assertStatus(200)
    const feed = parsed(response.text())
    assertAtom(assert, feed, `${site.url}/petitions/topics/justice.atom`)
    assert.isUndefined(feed.entry)
    assert.equal(feed.author?.[0]?.name, site.name)
    assert.equal(response.header('access-control-allow-origin'), '*')

    // A character XML cannot carry is left out, not a broken feed.
    await listed(await makeMember(), { title: 'Fair\u0007 trials\uFFFF', topics: ['justice'] })
    const first = await client.get('/petitions/topics/justice.atom')
    assert.equal(parsed(first.text()).entry[0].title['#text'], 'Fair trials')
    const again = await client
      .get('/petitions/topics/justice.atom')
      .header('if-none-match', first.header('etag')!)
    again.assertStatus(304)
  })

  test('an unknown topic or country is not found', async ({ client }) => {
    for (const path of [
      '/petitions/topics/gardening.atom',
      '/petitions/topics/Environment.atom',
      '/petitions/topics/environment',
      '/petitions/topics/environment.rss',
      '/petitions/countries/XX.atom',
      '/petitions/countries/DEU.atom',
      '/petitions/countries/D%00.atom',
      '/petitions/countries/de',
    ]) {
      const response = await client.get(path).header('accept', 'application/json')
      response.assertStatus(404)
    }
  })

  test('a browser that opens a feed gets a page that explains it; feed readers get the Atom', async ({
    client,
    assert,
  }) => {
    await PetitionFactory.apply('published')
      .merge({ title: 'Des arbres pour la cour', topics: ['environment'], lang: 'fr' })
      .with('user')
      .create()
    const browser = await client
      .get('/petitions/topics/environment.atom')
      .header('host', 'fr.undersign.test')
      .header('accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
    browser.assertStatus(200)
    assert.match(browser.header('content-type') ?? '', /^text\/html/)
    assert.include(browser.header('vary'), 'Accept')
    const page = pageObjectIn(browser.text())
    assert.equal(page.component, 'Feeds/Show')
    assert.equal(
      page.props.feedUrl,
      'http://fr.undersign.test:3334/petitions/topics/environment.atom'
    )
    assert.deepEqual(
      page.props.entries.map((entry: { title: string }) => entry.title),
      ['Des arbres pour la cour']
    )
    assert.include(browser.text(), 'Ceci est un flux')

    for (const accept of ['application/atom+xml', '*/*', null]) {
      const request = client.get('/petitions/topics/environment.atom')
      const reader = await (accept ? request.header('accept', accept) : request)
      assert.match(reader.header('content-type') ?? '', /^application\/atom\+xml/, String(accept))
      assert.include(reader.header('vary'), 'Accept')
      assert.equal(parsed(reader.text()).entry[0].title['#text'], 'Des arbres pour la cour')
    }
  })
})
