import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import User from '#models/user'
import ContactMessage from '#models/contact_message'
import { assertFieldError, assertNoFieldError, fieldErrors } from '#tests/helpers/validation'
import { goodToken, requireTurnstile } from '#tests/helpers/turnstile_stub'
import { sign, signatureRows } from '#tests/helpers/signatures'
import { outbox } from '#tests/helpers/outbox'
import { PetitionFactory } from '#database/factories/petition_factory'

const SIGNUP = {
  firstName: 'Oksana',
  lastName: 'Shevchenko',
  email: 'oksana@example.com',
  password: 'violet-river-3141',
  password_confirmation: 'violet-river-3141',
}

const CONTACT = {
  name: 'Camille Martin',
  email: 'camille@example.fr',
  subject: 'A question about petitions',
  message: 'How do I hand the signatures over to the council?',
}

test.group('Bot check: sign-up, hosts and actions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the sign-up page carries the site key when the bot check is set up', async ({
    client,
    assert,
    cleanup,
  }) => {
    env.set('TURNSTILE_SITE_KEY', 'test-site-key')
    cleanup(() => env.set('TURNSTILE_SITE_KEY', ''))
    const page = await client.get('/signup').withInertia()
    page.assertInertiaComponent('Auth/Registration')
    assert.equal(page.inertiaProps.turnstileKey, 'test-site-key')
  })

  test('a sign-up without a bot-check token, or with a bad one, is refused', async ({
    client,
    assert,
    cleanup,
  }) => {
    await requireTurnstile(cleanup)
    const missing = await client.post('/signup').form(SIGNUP).withCsrfToken().redirects(0)
    assertFieldError(missing, 'cfTurnstileResponse')
    const bad = await client
      .post('/signup')
      .form({ ...SIGNUP, cfTurnstileResponse: 'bad-token' })
      .withCsrfToken()
      .redirects(0)
    assertFieldError(bad, 'cfTurnstileResponse')
    assert.isNull(await User.findBy('email', SIGNUP.email))
    assert.lengthOf(await outbox.read(), 0)

    const solved = await client
      .post('/signup')
      .form({ ...SIGNUP, cfTurnstileResponse: goodToken('signup') })
      .withCsrfToken()
      .redirects(0)
    assert.deepEqual(fieldErrors(solved), {})
    assert.isNotNull(await User.findBy('email', SIGNUP.email))
  })

  test('a token solved on another site is refused, one from a language subdomain passes', async ({
    client,
    assert,
    cleanup,
  }) => {
    await requireTurnstile(cleanup)
    for (const hostname of ['evil.example', 'undersign.test.evil.example', 'xx.undersign.test']) {
      const foreign = await client
        .post('/contacts')
        .form({ ...CONTACT, cfTurnstileResponse: goodToken('contact-us', hostname) })
        .withCsrfToken()
        .redirects(0)
      assertFieldError(foreign, 'cfTurnstileResponse')
    }
    assert.lengthOf(await ContactMessage.all(), 0)

    const spanish = await client
      .post('/contacts')
      .form({ ...CONTACT, cfTurnstileResponse: goodToken('contact-us', 'es.undersign.test') })
      .withCsrfToken()
      .redirects(0)
    assertNoFieldError(spanish, 'cfTurnstileResponse')
    assert.lengthOf(await ContactMessage.all(), 1)
  })

  test('a token solved for another form is refused', async ({ client, assert, cleanup }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await requireTurnstile(cleanup)
    const signupTokenOnContact = await client
      .post('/contacts')
      .form({ ...CONTACT, cfTurnstileResponse: goodToken('signup') })
      .withCsrfToken()
      .redirects(0)
    assertFieldError(signupTokenOnContact, 'cfTurnstileResponse')
    assert.lengthOf(await ContactMessage.all(), 0)

    const contactTokenOnSignup = await client
      .post('/signup')
      .form({ ...SIGNUP, cfTurnstileResponse: goodToken('contact-us') })
      .withCsrfToken()
      .redirects(0)
    assertFieldError(contactTokenOnSignup, 'cfTurnstileResponse')
    assert.isNull(await User.findBy('email', SIGNUP.email))

    const contactTokenOnSign = await sign(client, petition, {
      cfTurnstileResponse: goodToken('contact-us'),
    })
    assert.property(fieldErrors(contactTokenOnSign), 'cfTurnstileResponse')
    assert.lengthOf(await signatureRows(petition), 0)
  })
})
