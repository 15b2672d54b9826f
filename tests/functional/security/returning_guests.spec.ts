import { test } from '@japa/runner'
import Tokens from 'csrf'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type Petition from '#models/petition'
import { PetitionFactory } from '#database/factories/petition_factory'
import NewsletterSubscription from '#models/newsletter_subscription'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { SHARED_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from '#support/http/shared_cache'
import { CSRF_SECRET_COOKIE, XSRF_COOKIE } from '#support/http/csrf'
import { SESSION_COOKIE } from '#config/session'
import { clears, cookiesSetBy, setCookies, withCookies } from '#tests/helpers/cookies'

/** What the client sends back as X-XSRF-TOKEN: the XSRF-TOKEN cookie's value. */
const xsrfHeader = (cookies: Map<string, string>) => decodeURIComponent(cookies.get(XSRF_COOKIE)!)

/** A browser's CSRF cookies, as GET /csrf-token hands them out. */
async function csrfCookies(client: ApiClient) {
  const response = await withCookies(client.get('/csrf-token'))
  response.assertStatus(204)
  return cookiesSetBy(response)
}

/** The pages a guest may get from a shared cache, as HTML and as an Inertia visit. */
function guestPages(client: ApiClient, petition: Petition) {
  const paths = { home: '/', list: '/petitions', petition: `/petition/${petition.slug}` }
  return Object.entries(paths).flatMap(([name, path]) => [
    { name: `${name} (HTML)`, request: () => client.get(path) },
    { name: `${name} (Inertia)`, request: () => client.get(path).withInertia() },
  ])
}

function assertShared(assert: any, response: ApiResponse, name: string) {
  assert.equal(response.status(), 200, name)
  assert.equal(response.header('cache-control'), SHARED_CACHE_CONTROL, name)
  assert.deepEqual(setCookies(response), [], `no cookie on ${name}`)
}

/** The subscription form, sent as the app's client sends it. */
function subscribe(client: ApiClient, email: string, cookies: Map<string, string>, token: string) {
  return withCookies(client.post('/subscription'), cookies)
    .withInertia()
    .header('x-xsrf-token', token)
    .json({ email })
    .redirects(0)
}

test.group('A returning guest gets the page every guest gets', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('GET /csrf-token hands out a secret and a token in cookies of their own, and no session', async ({
    client,
    assert,
  }) => {
    const cookies = await csrfCookies(client)
    assert.sameMembers([...cookies.keys()], [CSRF_SECRET_COOKIE, XSRF_COOKIE])
    const secret = setCookies(await withCookies(client.get('/csrf-token'))).find((line) =>
      line.startsWith(`${CSRF_SECRET_COOKIE}=`)
    )!
    assert.match(secret, /HttpOnly/i)
    assert.match(secret, /SameSite=Lax/i)
    assert.notMatch(secret, /Domain=/i)
  })

  test('a guest holding the CSRF cookies gets the same public page as a first visit, with no cookie set', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const cookies = await csrfCookies(client)
    for (const { name, request } of guestPages(client, petition)) {
      const first = await withCookies(request())
      const returning = await withCookies(request(), cookies)
      assertShared(assert, first, `${name}, first visit`)
      assertShared(assert, returning, `${name}, returning`)
      if (name.startsWith('petition')) assert.equal(returning.text(), first.text(), name)
    }
  })

  test('a guest whose session holds only a CSRF secret (made before) gets the shared page, and the session is left as it was', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const secret = new Tokens().secretSync()
    for (const { name, request } of guestPages(client, petition)) {
      const first = await withCookies(request())
      const returning = await request().withSession({ 'csrf-secret': secret })
      assertShared(assert, returning, `${name}, session with a CSRF secret`)
      if (name.startsWith('petition')) assert.equal(returning.text(), first.text(), name)
    }
  })

  test('the answer that shows a guest their message clears their session, and the next page is shared', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const path = `/petition/${petition.slug}`
    const shown = await client
      .get(path)
      .withInertia()
      .withFlashMessages({ alerts: { success: 'Thank you' } })
    assert.equal(shown.header('cache-control'), PRIVATE_CACHE_CONTROL)
    assert.equal(shown.inertiaProps.alerts.success, 'Thank you')
    assert.isTrue(clears(shown, SESSION_COOKIE), 'the emptied session loses its cookie')
    assertShared(assert, await withCookies(client.get(path).withInertia()), 'the next page')

    // A session cookie whose session holds nothing: this answer clears it, privately.
    const stale = await client.get(path).withInertia()
    assert.equal(stale.header('cache-control'), PRIVATE_CACHE_CONTROL)
    assert.isTrue(clears(stale, SESSION_COOKIE))
  })

  test("a guest's form passes with the token of GET /csrf-token, and nothing else does", async ({
    client,
    assert,
  }) => {
    const cookies = await csrfCookies(client)
    const token = xsrfHeader(cookies)
    const sent = await subscribe(client, 'returning@example.org', cookies, token)
    assert.oneOf(sent.status(), [302, 303])
    assert.isFalse(cookiesSetBy(sent).has(CSRF_SECRET_COOKIE), 'the secret is not set again')

    // No token, another browser's token, no secret, or a secret of the attacker's making.
    const other = await csrfCookies(client)
    const forgedSecret = new Map(cookies).set(CSRF_SECRET_COOKIE, other.get(CSRF_SECRET_COOKIE)!)
    const refusals = {
      'no token': await subscribe(client, 'a@example.org', cookies, ''),
      'another browser token': await subscribe(client, 'b@example.org', cookies, xsrfHeader(other)),
      'no secret': await subscribe(
        client,
        'c@example.org',
        new Map([[XSRF_COOKIE, cookies.get(XSRF_COOKIE)!]]),
        token
      ),
      'another secret': await subscribe(client, 'd@example.org', forgedSecret, token),
      'a made-up secret': await subscribe(
        client,
        'e@example.org',
        new Map(cookies).set(CSRF_SECRET_COOKIE, 'e%3Anot-encrypted-by-the-app'),
        token
      ),
    }
    for (const [name, response] of Object.entries(refusals)) {
      assert.equal(response.status(), 419, name)
    }
    assert.deepEqual(
      (await NewsletterSubscription.all()).map((row) => row.email),
      ['returning@example.org']
    )

    // Refused for want of a secret, the browser gets a new pair: the next try passes.
    const renewed = cookiesSetBy(refusals['no secret'])
    assert.sameMembers([...renewed.keys()], [CSRF_SECRET_COOKIE, XSRF_COOKIE])
    const retried = await subscribe(client, 'retried@example.org', renewed, xsrfHeader(renewed))
    assert.oneOf(retried.status(), [302, 303])
  })

  test("a session's CSRF secret (made before) still passes, and moves to the cookie", async ({
    client,
    assert,
  }) => {
    const tokens = new Tokens()
    const secret = tokens.secretSync()
    const token = tokens.create(secret)
    const sent = await client
      .post('/subscription')
      .withSession({ 'csrf-secret': secret })
      .withInertia()
      .header('x-csrf-token', token)
      .json({ email: 'before@example.org' })
      .redirects(0)
    assert.oneOf(sent.status(), [302, 303])
    assert.notProperty(sent.session(), 'csrf-secret')
    const moved = cookiesSetBy(sent)
    assert.isTrue(moved.has(CSRF_SECRET_COOKIE))
    // The token the client held passes with the cookie alone.
    const again = await withCookies(client.post('/subscription'), moved)
      .withInertia()
      .header('x-csrf-token', token)
      .json({ email: 'after@example.org' })
      .redirects(0)
    assert.oneOf(again.status(), [302, 303])
  })

  test('logging in hands the browser a new secret and token: the one from before is refused', async ({
    client,
    assert,
  }) => {
    await makeMember({ email: 'returning-member@example.org' })
    const cookies = await csrfCookies(client)
    const login = await withCookies(client.post('/login'), cookies)
      .header('x-xsrf-token', xsrfHeader(cookies))
      .form({ email: 'returning-member@example.org', password: PASSWORD })
      .redirects(0)
    assert.oneOf(login.status(), [302, 303])
    const renewed = cookiesSetBy(login)
    assert.notEqual(renewed.get(CSRF_SECRET_COOKIE), cookies.get(CSRF_SECRET_COOKIE))
    assert.notEqual(renewed.get(XSRF_COOKIE), cookies.get(XSRF_COOKIE))
    const browser = new Map([...cookies, ...renewed])
    const stale = await subscribe(client, 'stale@example.org', browser, xsrfHeader(cookies))
    assert.equal(stale.status(), 419)
    const fresh = await subscribe(client, 'fresh@example.org', browser, xsrfHeader(renewed))
    assert.oneOf(fresh.status(), [302, 303])
  })
})
