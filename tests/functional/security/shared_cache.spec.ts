import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import type Petition from '#models/petition'
import { PetitionFactory } from '#database/factories/petition_factory'
import { makeMember } from '#tests/helpers/auth'
import { sign } from '#tests/helpers/signatures'
import { PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '#support/http/shared_cache'
import { CSRF_SECRET_COOKIE } from '#support/http/csrf'

const setCookies = (response: ApiResponse) =>
  ([] as string[]).concat(response.header('set-cookie') ?? [])

/**
 * The request as a browser sends it with exactly these cookies (none by
 * default): the test client adds a session cookie to every request.
 */
function withCookies(request: ApiRequest, cookie = '') {
  return request.setup(() => {
    request.cookiesJar = {}
    if (cookie) request.header('cookie', cookie)
  })
}

/** The four pages a guest may get from a shared cache, each as HTML and as an Inertia visit. */
function guestPages(client: ApiClient, petition: Petition) {
  const paths = { home: '/', list: '/petitions', petition: `/petition/${petition.slug}` }
  return Object.entries(paths).flatMap(([name, path]) => [
    { name: `${name} (HTML)`, request: () => client.get(path) },
    { name: `${name} (Inertia)`, request: () => client.get(path).withInertia() },
  ])
}

function assertShared(assert: any, response: ApiResponse, name: string, maxAge = '') {
  assert.equal(response.status(), 200, name)
  assert.equal(response.header('cache-control'), SHARED_CACHE_CONTROL + maxAge, name)
  assert.match(String(response.header('vary')), /\bx-inertia\b/i, name)
  assert.deepEqual(setCookies(response), [], `no cookie on ${name}`)
}

function assertPrivate(assert: any, response: ApiResponse, name: string) {
  assert.equal(response.header('cache-control'), PRIVATE_CACHE_CONTROL, name)
  assert.match(String(response.header('vary')), /\bx-inertia\b/i, name)
}

test.group('A shared cache in front: which answers it may keep', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a guest without cookies gets public pages, alike for all, with no cookie', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    for (const { name, request } of guestPages(client, petition)) {
      assertShared(assert, await withCookies(request()), name)
    }
    // Open data: browsers keep it a minute too.
    for (const path of ['/petitions.json', '/petitions.csv', `/petition/${petition.slug}.json`]) {
      const response = await withCookies(client.get(path))
      assertShared(assert, response, path, ', max-age=60')
      response.assertHeader('access-control-allow-origin', '*')
    }
    // A client on an older build is told to reload: that answer is its own.
    const outdated = await withCookies(
      client.get(`/petition/${petition.slug}`).withInertia().header('x-inertia-version', 'old')
    )
    outdated.assertStatus(409)
    assert.equal(outdated.header('cache-control'), PRIVATE_CACHE_CONTROL)

    // A moderator's hide is shared as quickly: every guest gets the 410.
    await petition.merge({ hiddenAt: petition.createdAt }).save()
    const removed = await withCookies(client.get(`/petition/${petition.slug}`).withInertia())
    removed.assertStatus(410)
    assert.equal(removed.header('cache-control'), SHARED_CACHE_CONTROL)
  })

  test('a member gets private answers, with their session cookie', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember()
    for (const { name, request } of guestPages(client, petition)) {
      const response = await request().loginAs(member)
      assert.equal(response.status(), 200, name)
      assertPrivate(assert, response, name)
      assert.isTrue(
        setCookies(response).some((cookie) => cookie.startsWith('undersign-session=')),
        `session cookie on ${name}`
      )
    }
    // Open data reads no session: the same for a member, so shared all the same.
    const openData = await client.get('/petitions.json').loginAs(member)
    assert.equal(openData.header('cache-control'), `${SHARED_CACHE_CONTROL}, max-age=60`)
  })

  test('a guest with a message, errors, old input, their own signature or any session gets a private page', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const path = `/petition/${petition.slug}`
    const cases: Record<string, (request: ApiRequest) => ApiRequest> = {
      'a flash message': (request) =>
        request.withFlashMessages({ messages: { success: 'Thank you' } }),
      'validation errors and old input': (request) =>
        request.withFlashMessages({
          errorsBag: { email: ['The email field must be a valid email address'] },
          email: 'not-an-address',
        }),
      'a session with nothing to show': (request) => request.withSession({ visited: true }),
      'a partial reload': (request) =>
        request
          .header('x-inertia-partial-component', 'Petition/Show')
          .header('x-inertia-partial-data', 'petition'),
    }
    for (const [name, withState] of Object.entries(cases)) {
      assertPrivate(assert, await withState(client.get(path).withInertia()), name)
      assertPrivate(assert, await withState(client.get('/').withInertia()), `${name}, home`)
    }

    // The browser that signed sees its own signature, from its signed cookie.
    const signed = await sign(client, petition, { email: 'olena@example.org' })
    const signedCookie = setCookies(signed)
      .find((header) => header.startsWith('signed_petitions='))!
      .split(';')[0]
    const mine = await withCookies(client.get(path).withInertia(), signedCookie)
    assertPrivate(assert, mine, 'own signature')
    assert.isNotNull(mine.inertiaProps.mySignature)
    assertPrivate(assert, await withCookies(client.get('/petitions'), signedCookie), 'list')
    // The same pages without the cookie: shared.
    assertShared(assert, await withCookies(client.get(path).withInertia()), 'without it')
  })

  test('GET /csrf-token hands a guest the CSRF secret and XSRF-TOKEN cookies, no session, kept by no cache', async ({
    client,
    assert,
  }) => {
    const token = await withCookies(client.get('/csrf-token'))
    token.assertStatus(204)
    token.assertHeader('cache-control', 'no-store')
    const cookies = setCookies(token)
    const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))!
    assert.exists(xsrf)
    assert.isTrue(cookies.some((cookie) => cookie.startsWith(`${CSRF_SECRET_COOKIE}=`)))
    assert.isFalse(cookies.some((cookie) => cookie.startsWith('undersign-session=')))
    // The token lasts as long as the secret it was made from.
    assert.match(xsrf, /Max-Age=86400/i)

    // Without them, a guest's first form is refused. (With them it passes:
    // returning_guests.spec.ts, and the shipped suite's visitors.)
    const refused = await withCookies(client.post('/subscription'))
      .withInertia()
      .json({ email: 'first-form@example.org' })
      .redirects(0)
    refused.assertStatus(419)
  })
})
