import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { assertFieldError } from '#tests/helpers/validation'
import { flashed, loggedInAs, makeMember, PASSWORD, sessionOf } from '#tests/helpers/auth'

test.group('Login and logout', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the page renders Auth/Login', async ({ client }) => {
    const response = await client.get('/login').withInertia()
    response.assertInertiaComponent('Auth/Login')
  })

  test('e-mail and password are required, the e-mail must be one', async ({ client }) => {
    const empty = await client.post('/login').form({}).withCsrfToken().redirects(0)
    assertFieldError(empty, 'email')
    assertFieldError(empty, 'password')
    const wrong = await client
      .post('/login')
      .form({ email: 'nope', password: 'x' })
      .withCsrfToken()
      .redirects(0)
    assertFieldError(wrong, 'email')
  })

  test('a wrong password and an unknown address get the same generic message', async ({
    client,
    assert,
  }) => {
    await makeMember({ email: 'anna@example.com' })
    const wrongPassword = await client
      .post('/login')
      .form({ email: 'anna@example.com', password: 'not-the-password' })
      .withCsrfToken()
      .redirects(0)
    const unknown = await client
      .post('/login')
      .form({ email: 'nobody@example.com', password: 'not-the-password' })
      .withCsrfToken()
      .redirects(0)
    const message = 'The e-mail address or the password is not correct.'
    assert.equal(flashed(wrongPassword, 'messages', 'error'), message)
    assert.equal(flashed(unknown, 'messages', 'error'), message)
    assert.deepEqual(wrongPassword.flashMessages().messages, unknown.flashMessages().messages)
  })

  test('an account made through GitHub or Google answers a password login as a wrong password', async ({
    client,
    assert,
  }) => {
    await makeMember({ email: 'octo@example.com', password: null, githubId: '4242' })
    await makeMember({ email: 'anna@example.com' })
    const scrypt = hash.use('scrypt')
    const work = { make: 0, verify: 0 }
    const { make, verify } = scrypt
    scrypt.make = (value) => (work.make++, make.call(scrypt, value))
    scrypt.verify = (hashed, value) => (work.verify++, verify.call(scrypt, hashed, value))
    try {
      const attempt = async (email: string) => {
        const before = { ...work }
        const response = await client
          .post('/login')
          .form({ email, password: 'not-the-password' })
          .withCsrfToken()
          .redirects(0)
        return { response, hashings: work.make + work.verify - before.make - before.verify }
      }
      const providerOnly = await attempt('octo@example.com')
      const wrongPassword = await attempt('anna@example.com')
      providerOnly.response.assertStatus(302)
      assert.isNull(loggedInAs(providerOnly.response))
      assert.deepEqual(
        providerOnly.response.flashMessages().messages,
        wrongPassword.response.flashMessages().messages
      )
      // One scrypt derivation each (make and verify cost the same): the time tells nothing.
      assert.equal(providerOnly.hashings, 1)
      assert.equal(wrongPassword.hashings, 1)
    } finally {
      Object.assign(scrypt, { make, verify })
    }
  })

  test('a successful login goes to My petitions on a new session', async ({ client, assert }) => {
    const member = await makeMember({ email: 'anna@example.com' })
    const response = await client
      .post('/login')
      .form({ email: 'ANNA@example.com', password: PASSWORD })
      .withSession({ visited: 'before login' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/my/petitions')
    assert.equal(loggedInAs(response), member.id)
    // The guest's session carries on under a new id, with its data.
    assert.equal(sessionOf(response).visited, 'before login')
  })

  test('a guest sent to /login from a member page comes back to it', async ({ client, assert }) => {
    await makeMember({ email: 'anna@example.com' })
    const guarded = await client.get('/my/petitions?page=2').redirects(0)
    guarded.assertStatus(302)
    assert.match(guarded.header('location') ?? '', /^\/login/)
    const remembered = String(sessionOf(guarded).intended_url)
    assert.equal(remembered, '/my/petitions?page=2')

    const login = await client
      .post('/login')
      .form({ email: 'anna@example.com', password: PASSWORD })
      .withSession({ intended_url: remembered })
      .withCsrfToken()
      .redirects(0)
    assert.equal(login.header('location'), '/my/petitions?page=2')

    // Only paths of this site: another host is never a destination.
    const evil = await client
      .post('/login')
      .form({ email: 'anna@example.com', password: PASSWORD })
      .withSession({ intended_url: '//evil.example/phish' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(evil.header('location'), '/my/petitions')
  })

  test('repeated failures on one account from one address are refused with 429', async ({
    client,
    assert,
  }) => {
    await makeMember({ email: 'anna@example.com' })
    for (let attempt = 0; attempt < 5; attempt++) {
      await client
        .post('/login')
        .form({ email: 'anna@example.com', password: `wrong-${attempt}` })
        .withCsrfToken()
        .redirects(0)
    }
    // Even the right password waits now, from this address.
    const limited = await client
      .post('/login')
      .header('x-inertia', 'true')
      .form({ email: 'anna@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    limited.assertStatus(429)
    assert.equal(
      limited.body().message,
      'You have made too many attempts. Please wait a little and try again.'
    )
  })

  test('logins from one address are limited with a translated 429', async ({ client, assert }) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      await client
        .post('/login')
        .form({ email: `user${attempt}@example.com`, password: 'whatever-1' })
        .withCsrfToken()
        .redirects(0)
    }
    const limited = await client
      .post('/login')
      .header('host', 'es.undersign.test')
      .header('x-inertia', 'true')
      .form({ email: 'last@example.com', password: 'whatever-1' })
      .withCsrfToken()
      .redirects(0)
    limited.assertStatus(429)
    assert.match(limited.body().message, /intentos/)
  })

  test('POST /logout ends the session', async ({ client, assert }) => {
    const member = await makeMember()
    const response = await client.post('/logout').loginAs(member).withCsrfToken().redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/')
    assert.isNull(loggedInAs(response))
  })

  test('GET /logout leaves the session alive and shows a page whose button posts', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const response = await client.get('/logout').withInertia().loginAs(member).redirects(0)
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/Logout')
    assert.equal(loggedInAs(response), member.id)

    const guest = await client.get('/logout').redirects(0)
    guest.assertHeader('location', '/')
  })

  test('POST /logout without the CSRF token logs no one out', async ({ client, assert }) => {
    const member = await makeMember()
    const response = await client.post('/logout').loginAs(member).redirects(0)
    response.assertStatus(419)
    assert.equal(loggedInAs(response), member.id)
  })

  test('members are sent away from the guest pages', async ({ client }) => {
    const member = await makeMember()
    for (const url of ['/login', '/signup', '/auth/password/reset']) {
      const response = await client.get(url).loginAs(member).redirects(0)
      response.assertHeader('location', '/my/petitions')
    }
  })
})
