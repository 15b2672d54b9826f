import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import { allowedRequests } from '#config/rate_limits'
import { assertFieldError, fieldErrors } from '#tests/helpers/validation'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { loggedInAs, makeMember } from '#tests/helpers/auth'

const VALID = {
  firstName: 'Оксана',
  lastName: 'Шевченко',
  email: 'Oksana@Example.com',
  password: 'violet-river-3141',
  password_confirmation: 'violet-river-3141',
}

test.group('Registration', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the page renders Auth/Registration for guests', async ({ client }) => {
    const response = await client.get('/signup').withInertia()
    response.assertInertiaComponent('Auth/Registration')
  })

  test('every field has its own required error', async ({ client }) => {
    const response = await client.post('/signup').form({}).withCsrfToken().redirects(0)
    for (const field of ['firstName', 'lastName', 'email', 'password', 'password_confirmation']) {
      assertFieldError(response, field)
    }
  })

  test('short, common and mismatched passwords are refused, each under its field', async ({
    client,
    assert,
  }) => {
    const short = await client
      .post('/signup')
      .form({ ...VALID, password: 'abc12', password_confirmation: 'abc12' })
      .withCsrfToken()
      .redirects(0)
    assert.match(fieldErrors(short).password[0], /8/)

    const common = await client
      .post('/signup')
      .form({ ...VALID, password: 'Password123', password_confirmation: 'Password123' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(
      fieldErrors(common).password[0],
      'This password is too common. Please choose another one'
    )

    const mismatch = await client
      .post('/signup')
      .form({ ...VALID, password_confirmation: 'something-else-42' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(fieldErrors(mismatch).password_confirmation[0], 'The passwords do not match')
    assert.lengthOf(await User.all(), 0)
  })

  test('an e-mail already registered is refused, whatever its case', async ({ client, assert }) => {
    await makeMember({ email: 'oksana@example.com' })
    const response = await client.post('/signup').form(VALID).withCsrfToken().redirects(0)
    assert.equal(fieldErrors(response).email[0], 'This e-mail address is already registered')
    assert.lengthOf(await User.all(), 1)
  })

  test('a new member is logged in with role 0 and mailed a verification link in the page language', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/signup')
      .header('host', 'uk.undersign.test')
      .form(VALID)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/my/petitions')

    const user = await User.findByOrFail('email', 'oksana@example.com')
    assert.equal(user.role, 0)
    assert.equal(user.locale, 'uk')
    assert.notEqual(user.password, VALID.password, 'the password is stored hashed')

    const [mail] = await outbox.to('oksana@example.com')
    assert.equal(mail.subject, 'Підтвердьте свою адресу електронної пошти для Undersign')
    assert.match(
      linkIn(mail.html, '/auth/email/verify/'),
      /^http:\/\/uk\.undersign\.test:3334\/auth\/email\/verify\/\d+\?signature=/
    )

    assert.equal(loggedInAs(response), user.id, 'the new member is logged in')
  })

  test('refused forms use up no account: one address makes its accounts, then gets a translated 429', async ({
    client,
    assert,
  }) => {
    const signUp = (form: Record<string, unknown>, host = 'undersign.test') =>
      client
        .post('/signup')
        .header('host', host)
        .header('x-inertia', 'true')
        .form(form)
        .withCsrfToken()
        .redirects(0)
    // Typos and a refused common password, as a café's guests make them: none counts.
    for (let attempt = 0; attempt < 10; attempt++) {
      const refused = await signUp({ ...VALID, password: 'password', password_confirmation: 'x' })
      assert.equal(refused.status(), 302)
    }
    const accounts = allowedRequests('signupAccounts')
    for (let index = 0; index < accounts; index++) {
      const made = await signUp({ ...VALID, email: `pupil-${index}@school.example` })
      assert.equal(made.status(), 302, `account ${index + 1}`)
    }
    const limited = await signUp(
      { ...VALID, email: 'one-more@school.example' },
      'de.undersign.test'
    )
    limited.assertStatus(429)
    assert.include(limited.body().message, 'Versuche')
    assert.isNull(await User.findBy('email', 'one-more@school.example'))
    assert.lengthOf(await User.query().whereLike('email', 'pupil-%'), accounts)
  })

  test('a flood of sign-up forms from one address is stopped, refused ones included', async ({
    client,
  }) => {
    for (let attempt = 0; attempt < allowedRequests('signup'); attempt++) {
      await client.post('/signup').form({}).withCsrfToken().redirects(0)
    }
    const limited = await client
      .post('/signup')
      .header('x-inertia', 'true')
      .form(VALID)
      .withCsrfToken()
      .redirects(0)
    limited.assertStatus(429)
  })
})
