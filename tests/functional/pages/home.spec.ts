import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import type { CountryCode } from '#shared/countries'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignature } from '#runtime/signatures/count_deltas'
import PetitionChanged from '#events/petition_changed'
import { pageObjectIn } from '#tests/helpers/inertia'
import { loggedInAs, makeMember, sessionOf } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'
import { signaturesTotal, trendingRanking } from '#runtime/caches/process_caches'

type Trending = {
  title: string
  totalSignatures: number
  recentSignatures: number
  targetSignatures: number
}
type HomeProps = { trendingPetitions: Trending[]; signaturesTotal: number }

async function home(client: ApiClient): Promise<HomeProps> {
  const response = await client.get('/').withInertia()
  response.assertStatus(200)
  response.assertInertiaComponent('Home/Main')
  return response.inertiaProps as HomeProps
}

/** Signatures counted now, as confirmations do, and flushed to the counters. */
async function counted(target: Petition, count: number) {
  for (let index = 0; index < count; index++) {
    await db.transaction((trx) =>
      countSignature(trx, { petitionId: target.id, score: 1, country: null }, 1)
    )
  }
  await signatureCounter.flush()
  await PetitionChanged.handled()
}

test.group('Home page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    trendingRanking.clear()
    signaturesTotal.clear()
  })

  test('lists open petitions gaining signatures now with their counts, and the site’s total of confirmed signatures', async ({
    assert,
    client,
  }) => {
    const make = (title: string, state: 'published' | 'hidden' | 'finished' = 'published') =>
      PetitionFactory.apply(state).merge({ title, targetSignatures: 100 }).with('user').create()
    const busy = await make('Busy today')
    const busier = await make('Busiest today')
    const hidden = await make('Hidden but signed', 'hidden')
    const finished = await make('Finished but signed', 'finished')
    await make('Nothing today')
    await counted(busy, 2)
    await counted(busier, 4)
    await counted(hidden, 3)
    await counted(finished, 1)

    const props = await home(client)
    assert.deepEqual(
      props.trendingPetitions.map((row) => [row.title, row.recentSignatures, row.totalSignatures]),
      [
        ['Busiest today', 4, 4],
        ['Busy today', 2, 2],
      ]
    )
    // Every confirmed, active signature of the site, whatever its petition became.
    assert.equal(props.signaturesTotal, 10)
    // Nothing a card does not need: no description, no e-mail.
    assert.notProperty(props.trendingPetitions[0], 'description')

    // A flush of this process brings both up to date at once.
    await counted(busy, 3)
    const after = await home(client)
    assert.deepEqual(
      after.trendingPetitions.map((row) => [row.title, row.recentSignatures]),
      [
        ['Busy today', 5],
        ['Busiest today', 4],
      ]
    )
    assert.equal(after.signaturesTotal, 13)
  })

  test('the hero offers starting and browsing petitions side by side, and searches the petition list', async ({
    assert,
    client,
  }) => {
    const html = (await client.get('/').header('host', 'it.undersign.test')).text()
    const it = i18nManager.locale('it')
    const start = html.match(/<a [^>]*data-testid="start-petition"[^>]*>([^<]*)</)
    const browse = html.match(/<a [^>]*data-testid="browse-petitions"[^>]*>([^<]*)</)
    assert.include(start?.[0], 'href="/petition/create"')
    assert.equal(start?.[1], it.t('page.home.start_petition'))
    assert.include(browse?.[0], 'href="/petitions"')
    assert.equal(browse?.[1], it.t('page.home.browse_petitions'))
    // Without script too: a GET form of the list's own search.
    const search = html.match(/<form [^>]*data-testid="home-search"[^>]*>/)?.[0]
    assert.include(search, 'action="/petitions"')
    assert.include(search, 'method="get"')
    assert.match(html, /<input [^>]*name="q"/)
    assert.deepEqual(Object.keys(pageObjectIn(html).props).includes('signaturesTotal'), true)
  })

  test('a guest who starts a petition signs up first, told it takes a minute, then lands on the create page', async ({
    assert,
    client,
  }) => {
    const guarded = await client
      .get('/petition/create')
      .header('host', 'uk.undersign.test')
      .redirects(0)
    guarded.assertStatus(302)
    assert.equal(guarded.header('location'), '/signup')
    const intended = String(sessionOf(guarded).intended_url)
    assert.equal(intended, '/petition/create')

    const signup = await client
      .get('/signup')
      .header('host', 'uk.undersign.test')
      .withSession({ intended_url: intended })
    const html = signup.text()
    assert.equal(pageObjectIn(html).component, 'Auth/Registration')
    assert.isTrue(pageObjectIn(html).props.startingPetition)
    const uk = i18nManager.locale('uk')
    assert.include(html, uk.t('page.auth.signup_to_create'))
    // Not a "welcome back": the login is a link for those who have an account.
    assert.notInclude(html, uk.t('page.auth.login_intro'))
    assert.include(html, 'href="/login"')

    // Signing up there goes on to the create page.
    const registered = await client
      .post('/signup')
      .form({
        firstName: 'Оксана',
        lastName: 'Шевченко',
        email: 'oksana@example.com',
        password: 'violet-river-3141',
        password_confirmation: 'violet-river-3141',
      })
      .withSession({ intended_url: intended })
      .withCsrfToken()
      .redirects(0)
    assert.equal(registered.header('location'), '/petition/create')
    assert.isNotNull(loggedInAs(registered))

    // The sign-up page reached otherwise says nothing of it; other member pages still ask to log in.
    const plain = await client.get('/signup').withInertia()
    assert.isFalse(plain.inertiaProps.startingPetition)
    const mine = await client.get('/my/petitions').redirects(0)
    assert.match(mine.header('location') ?? '', /^\/login/)
    // A member goes straight to the form.
    const member = await makeMember()
    const create = await client.get('/petition/create').loginAs(member).withInertia()
    create.assertInertiaComponent('Petition/Create')
  })

  test('open petitions near the reader: those for the countries of the site’s language first, then the newest of anywhere', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const make = (
      title: string,
      country: CountryCode | null,
      hoursAgo: number,
      state: 'published' | 'finished' | 'hidden' = 'published'
    ) =>
      PetitionFactory.apply(state)
        .merge({
          title,
          country,
          userId: owner.id,
          createdAt: DateTime.utc().minus({ hours: hoursAgo }),
        })
        .create()
    await make('Radwege für Köln', 'DE', 5)
    await make('Bike lanes for Boston', 'US', 3)
    await make('Trees anywhere', null, 1)
    // Neither open nor listed: never shown.
    await make('A finished one in Berlin', 'DE', 0.5, 'finished')
    await make('A hidden one in Munich', 'DE', 0.5, 'hidden')
    await PetitionFactory.merge({
      title: 'A draft in Vienna',
      country: 'AT',
      userId: owner.id,
    }).create()

    type Nearby = { nearbyPetitions: Array<{ title: string }>; nearbyCountries: string }
    const nearby = async (host: string) => {
      const response = await client.get('/').header('host', host).withInertia()
      response.assertStatus(200)
      const props = response.inertiaProps as Nearby
      return {
        titles: props.nearbyPetitions.map((card) => card.title),
        countries: props.nearbyCountries,
      }
    }

    const german = await nearby('de.undersign.test')
    assert.deepEqual(german.titles, ['Radwege für Köln', 'Trees anywhere', 'Bike lanes for Boston'])
    assert.equal(german.countries, 'Deutschland, Österreich, Schweiz und Liechtenstein')

    const english = await nearby('undersign.test')
    assert.deepEqual(english.titles, [
      'Bike lanes for Boston',
      'Trees anywhere',
      'Radwege für Köln',
    ])
    assert.include(english.countries, 'United States')

    // Nineteen countries speak Spanish: the first five are named, then how many more.
    const spanish = await nearby('es.undersign.test')
    assert.match(spanish.countries, /^España, México, Argentina, Colombia, Perú y .*14/)
    assert.deepEqual(spanish.titles, [
      'Trees anywhere',
      'Bike lanes for Boston',
      'Radwege für Köln',
    ])

    // Six at most, the country's first even when older.
    for (let index = 0; index < 6; index++) await make(`Newer, unplaced ${index}`, null, 0.1)
    const full = await nearby('de.undersign.test')
    assert.lengthOf(full.titles, 6)
    assert.equal(full.titles[0], 'Radwege für Köln')
    assert.notInclude(full.titles, 'Bike lanes for Boston')
  })
})
