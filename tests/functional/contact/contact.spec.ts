import { test } from '@japa/runner'
import { assertFieldError, assertNoFieldError, fieldErrors } from '#tests/helpers/validation'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import ContactMessage from '#models/contact_message'
import { site } from '#config/site'
import { UserFactory } from '#database/factories/user_factory'
import { outbox } from '#tests/helpers/outbox'
import { requireTurnstile } from '#tests/helpers/turnstile_stub'

const VALID = {
  name: 'Marta Ruiz',
  email: 'marta@example.com',
  subject: 'Question about a petition',
  message: 'How do I deliver the signatures to my city council?',
}

test.group('Contact form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('each field has its own translated error', async ({ client, assert }) => {
    const response = await client
      .post('/contacts')
      .header('host', 'es.undersign.test')
      .header('referer', 'http://es.undersign.test/contacts')
      .form({ name: 'Al', email: 'not-an-email', subject: 'short', message: 'too short' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    assertFieldError(response, 'name')
    assertFieldError(response, 'email')
    assertFieldError(response, 'subject')
    assertFieldError(response, 'message')
    const errors = fieldErrors(response)
    assert.match(errors.email[0], /correo electrónico válida/)
    assert.match(errors.name[0], /3/)
    assert.equal(
      await ContactMessage.query()
        .count('* as total')
        .first()
        .then((row) => Number(row?.$extras.total)),
      0
    )
  })

  test('missing fields are required', async ({ client }) => {
    const response = await client.post('/contacts').form({}).withCsrfToken().redirects(0)
    for (const field of ['name', 'email', 'subject', 'message']) assertFieldError(response, field)
  })

  test('a valid message is stored, e-mailed to the contact address and the form told', async ({
    client,
    assert,
  }) => {
    const response = await client.post('/contacts').form(VALID).withCsrfToken().redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('alerts', {
      success: 'Thank you! Your message has been sent. We will answer by e-mail.',
    })

    const stored = await ContactMessage.findByOrFail('email', VALID.email)
    assert.equal(stored.subject, VALID.subject)
    assert.equal(stored.locale, 'en')

    const mails = await outbox.to(site.contactEmail)
    assert.equal(site.contactEmail, 'team@undersign.test')
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, `Contact form: ${VALID.subject}`)
    assert.include(mails[0].html, VALID.message)
  })

  test('a signed-in member writes with the name and e-mail of their account', async ({
    client,
    assert,
  }) => {
    const member = await UserFactory.merge({
      firstName: 'Anna',
      lastName: 'Schmidt',
      email: 'anna@example.com',
    }).create()
    await client
      .post('/contacts')
      .form({ ...VALID, name: 'Someone Else', email: 'forged@example.com' })
      .withCsrfToken()
      .loginAs(member)
      .redirects(0)
    const stored = await ContactMessage.query().firstOrFail()
    assert.equal(stored.email, 'anna@example.com')
    assert.equal(stored.name, 'Anna Schmidt')
    assert.equal(stored.userId, member.id)
  })

  test('with a Turnstile secret, a failed bot check is refused under cfTurnstileResponse', async ({
    client,
    assert,
    cleanup,
  }) => {
    const stub = await requireTurnstile(cleanup)

    const refused = await client
      .post('/contacts')
      .form({ ...VALID, cfTurnstileResponse: 'bad-token' })
      .withCsrfToken()
      .redirects(0)
    assertFieldError(refused, 'cfTurnstileResponse')
    const missing = await client.post('/contacts').form(VALID).withCsrfToken().redirects(0)
    assertFieldError(missing, 'cfTurnstileResponse')
    assert.equal((await ContactMessage.all()).length, 0)

    const accepted = await client
      .post('/contacts')
      .form({ ...VALID, cfTurnstileResponse: 'good-token' })
      .withCsrfToken()
      .redirects(0)
    assertNoFieldError(accepted, 'cfTurnstileResponse')
    assert.equal((await ContactMessage.all()).length, 1)
    assert.equal(stub.calls.at(-1)?.secret, 'test-secret')
    assert.equal(stub.calls.at(-1)?.response, 'good-token')
    assert.isString(stub.calls.at(-1)?.remoteip)
  })

  test('too many messages from one address answer 429 with a translated message', async ({
    client,
    assert,
  }) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client.post('/contacts').form(VALID).withCsrfToken().redirects(0)
      response.assertStatus(302)
    }
    const limited = await client
      .post('/contacts')
      .header('host', 'fr.undersign.test')
      .header('x-inertia', 'true')
      .form(VALID)
      .withCsrfToken()
      .redirects(0)
    limited.assertStatus(429)
    assert.match(limited.body().message, /tentatives/)
    assert.equal((await ContactMessage.all()).length, 5)
  })
})
