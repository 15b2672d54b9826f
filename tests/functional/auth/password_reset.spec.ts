import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { assertFieldError, fieldErrors } from '#tests/helpers/validation'
import {
  loggedInAs,
  logInThroughForm,
  makeMember,
  PASSWORD,
  sessionStore,
} from '#tests/helpers/auth'

const NEW_PASSWORD = 'amber-falcon-2718'

/** Asks for a reset link and returns the token and address it carries. */
async function requestLink(client: any, email: string) {
  await client.post('/auth/password/email').form({ email }).withCsrfToken().redirects(0)
  const [mail] = await outbox.to(email)
  const url = new URL(linkIn(mail.html, '/auth/password/reset/'))
  return {
    token: url.pathname.split('/').pop()!,
    email: url.searchParams.get('email')!,
    path: `${url.pathname}${url.search}`,
  }
}

test.group('Password reset', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the forms say which field is missing', async ({ client }) => {
    const forgot = await client.post('/auth/password/email').form({}).withCsrfToken().redirects(0)
    assertFieldError(forgot, 'email')
    const reset = await client.post('/auth/password/reset').form({}).withCsrfToken().redirects(0)
    for (const field of ['token', 'email', 'password', 'password_confirmation'])
      assertFieldError(reset, field)
  })

  test('the answer is the same whether the address has an account or not', async ({
    client,
    assert,
  }) => {
    await makeMember({ email: 'anna@example.com' })
    const known = await client
      .post('/auth/password/email')
      .form({ email: 'anna@example.com' })
      .withCsrfToken()
      .redirects(0)
    const unknown = await client
      .post('/auth/password/email')
      .form({ email: 'ghost@example.com' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(known.status(), unknown.status())
    assert.deepEqual(known.flashMessages().messages, unknown.flashMessages().messages)
    assert.lengthOf(await outbox.to('anna@example.com'), 1)
    assert.lengthOf(await outbox.to('ghost@example.com'), 0)
  })

  test('tokens are random and stored only as a hash', async ({ client, assert }) => {
    await makeMember({ email: 'anna@example.com' })
    const { token } = await requestLink(client, 'anna@example.com')
    const stored = await PasswordResetToken.firstOrFail()
    assert.isAtLeast(token.length, 40)
    assert.notEqual(stored.tokenHash, token)
    assert.lengthOf(stored.tokenHash, 64)
  })

  test('the mailed link opens Auth/PasswordReset with token and email props', async ({
    client,
    assert,
  }) => {
    await makeMember({ email: 'anna@example.com' })
    const link = await requestLink(client, 'anna@example.com')
    const page = await client.get(link.path).withInertia()
    page.assertInertiaComponent('Auth/PasswordReset')
    assert.equal(page.inertiaProps.token, link.token)
    assert.equal(page.inertiaProps.email, 'anna@example.com')
  })

  test('a valid token sets the new password once; reusing it is refused', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com' })
    const link = await requestLink(client, 'anna@example.com')
    const form = {
      token: link.token,
      email: link.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    }

    const reset = await client.post('/auth/password/reset').form(form).withCsrfToken().redirects(0)
    reset.assertHeader('location', '/my/petitions')
    await member.refresh()
    assert.isTrue(await hash.verify(member.password!, NEW_PASSWORD))

    const again = await client
      .post('/auth/password/reset')
      .form({ ...form, password: 'another-pass-9', password_confirmation: 'another-pass-9' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(
      fieldErrors(again).token[0],
      'This reset link is invalid, already used or expired. Please ask for a new one.'
    )
    await member.refresh()
    assert.isTrue(await hash.verify(member.password!, NEW_PASSWORD))
  })

  test('an expired token or another address is refused', async ({ client, assert }) => {
    await makeMember({ email: 'anna@example.com' })
    await makeMember({ email: 'mallory@example.com' })
    const link = await requestLink(client, 'anna@example.com')

    const otherAddress = await client
      .post('/auth/password/reset')
      .form({
        token: link.token,
        email: 'mallory@example.com',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .withCsrfToken()
      .redirects(0)
    assert.property(fieldErrors(otherAddress), 'token')

    await PasswordResetToken.query().update({
      expires_at: DateTime.now().minus({ minutes: 61 }).toFormat('yyyy-MM-dd HH:mm:ss'),
    })
    const expired = await client
      .post('/auth/password/reset')
      .form({
        token: link.token,
        email: link.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .withCsrfToken()
      .redirects(0)
    assert.property(fieldErrors(expired), 'token')
    const member = await User.findByOrFail('email', 'anna@example.com')
    assert.isTrue(await hash.verify(member.password!, PASSWORD))
  })

  test('logging in tags the session with the member, so a reset can find it', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com' })
    const response = await logInThroughForm(client, 'anna@example.com')
    assert.equal(loggedInAs(response), member.id)
  })

  test('every other session of the member ends after a reset', async ({ client, assert }) => {
    const member = await makeMember({ email: 'anna@example.com' })
    // Two other browsers where the member is logged in, as login leaves them: tagged with the member.
    const store = await sessionStore()
    for (const browser of ['laptop-session', 'phone-session']) {
      await store.write(browser, { auth_web: member.id })
      await store.tag(browser, String(member.id))
    }
    await store.write('stranger-session', { auth_web: 999 })
    await store.tag('stranger-session', '999')

    const link = await requestLink(client, 'anna@example.com')
    const reset = await client
      .post('/auth/password/reset')
      .form({
        token: link.token,
        email: link.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      .withCsrfToken()
      .redirects(0)

    assert.isNull(await store.read('laptop-session'), 'the laptop session is gone')
    assert.isNull(await store.read('phone-session'), 'the phone session is gone')
    assert.isNotNull(await store.read('stranger-session'), 'other members keep theirs')
    assert.equal(loggedInAs(reset), member.id, 'the browser that reset is logged in')
  })

  test('the new password must be strong and confirmed', async ({ client, assert }) => {
    await makeMember({ email: 'anna@example.com' })
    const link = await requestLink(client, 'anna@example.com')
    const response = await client
      .post('/auth/password/reset')
      .form({
        token: link.token,
        email: link.email,
        password: 'qwerty123',
        password_confirmation: 'x',
      })
      .withCsrfToken()
      .redirects(0)
    const errors = fieldErrors(response)
    assert.property(errors, 'password')
    assert.property(errors, 'password_confirmation')
  })
})
