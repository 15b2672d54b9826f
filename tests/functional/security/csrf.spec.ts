import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import ContactMessage from '#models/contact_message'
import NewsletterSubscription from '#models/newsletter_subscription'
import { makeMember } from '#tests/helpers/auth'

test.group('Security defaults', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a POST without the CSRF token is refused and writes nothing', async ({
    client,
    assert,
  }) => {
    const contact = await client.post('/contacts').form({
      name: 'Marta Ruiz',
      email: 'marta@example.com',
      subject: 'Question about a petition',
      message: 'How do I deliver the signatures to my city council?',
    })
    contact.assertStatus(419)
    assert.include(contact.text(), 'Page expired')

    const subscription = await client
      .post('/subscription')
      .header('x-inertia', 'true')
      .json({ email: 'a@example.com' })
    subscription.assertStatus(419)
    assert.equal(
      subscription.body().message,
      'This page has expired. Please reload it and try again.'
    )

    assert.lengthOf(await ContactMessage.all(), 0)
    assert.lengthOf(await NewsletterSubscription.all(), 0)
  })

  test('pages carry a CSP with frame-ancestors and no framing', async ({ client, assert }) => {
    const response = await client.get('/')
    const csp = response.header('content-security-policy')
    assert.include(csp, "frame-ancestors 'none'")
    assert.include(csp, "default-src 'self'")
    assert.include(csp, 'script-src')
    response.assertHeader('x-frame-options', 'DENY')
    response.assertHeader('x-content-type-options', 'nosniff')
  })

  test('the session cookie belongs to the bare domain, for every language subdomain', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const response = await client.get('/').header('host', 'es.undersign.test').loginAs(member)
    const setCookie = ([] as string[]).concat(response.header('set-cookie') ?? [])
    const session = setCookie.find((cookie) => cookie.startsWith('undersign-session='))
    assert.match(session!, /Domain=undersign\.test/i)
  })

  test('the session cookie is HttpOnly and SameSite=Lax', async ({ client, assert }) => {
    const response = await client.get('/').loginAs(await makeMember())
    const setCookie = ([] as string[]).concat(response.header('set-cookie') ?? [])
    const session = setCookie.find((cookie) => cookie.startsWith('undersign-session='))
    assert.exists(session)
    assert.match(session!, /HttpOnly/i)
    assert.match(session!, /SameSite=Lax/i)
  })
})

/** The cookies an answer sets, by name (value and attributes as sent). */
function setCookies(response: { header(name: string): unknown }) {
  const lines = ([] as string[]).concat((response.header('set-cookie') as string[]) ?? [])
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]))
}

// Tokens across requests (another browser's token, a lost secret, a login): returning_guests.spec.ts,
// and with the production session store tests/shipped/shared_guest_pages.spec.ts.
test.group('CSRF tokens: made when a form needs one, not on every answer', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a visitor who only reads gets no CSRF secret and no XSRF-TOKEN', async ({
    client,
    assert,
  }) => {
    for (const path of ['/', '/petitions', '/login', '/faq']) {
      const cookies = setCookies(await client.get(path))
      assert.isFalse(cookies.has('XSRF-TOKEN'), `${path} sets XSRF-TOKEN`)
    }
  })
})
