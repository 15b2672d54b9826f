import { test } from '@japa/runner'
import { assertFieldError } from '#tests/helpers/validation'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import NewsletterSubscription from '#models/newsletter_subscription'
import { outbox, linkIn } from '#tests/helpers/outbox'

test.group('Newsletter subscription', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('an e-mail is required and must be an e-mail', async ({ client }) => {
    const empty = await client.post('/subscription').form({}).withCsrfToken().redirects(0)
    assertFieldError(empty, 'email')
    const wrong = await client
      .post('/subscription')
      .form({ email: 'nope' })
      .withCsrfToken()
      .redirects(0)
    assertFieldError(wrong, 'email')
  })

  test('double opt-in: the mailed link confirms the subscription', async ({ client, assert }) => {
    const response = await client
      .post('/subscription')
      .header('host', 'it.undersign.test')
      .form({ email: 'Reader@Example.com' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('alerts', {
      success:
        "Grazie! Controlla la tua casella di posta: ti abbiamo inviato un link per confermare l'iscrizione.",
    })

    const subscription = await NewsletterSubscription.findByOrFail('email', 'reader@example.com')
    assert.isNull(subscription.confirmedAt)
    assert.equal(subscription.locale, 'it')

    const [mail] = await outbox.to('reader@example.com')
    assert.exists(mail, 'a confirmation mail was sent')
    const confirmLink = linkIn(mail.html, '/confirm')
    assert.match(confirmLink, /^http:\/\/it\.undersign.test:3334\/subscription\/\d+\/confirm\?/)

    const url = new URL(confirmLink)
    const confirmed = await client.get(`${url.pathname}${url.search}`).redirects(0)
    confirmed.assertStatus(302)
    await subscription.refresh()
    assert.isNotNull(subscription.confirmedAt)
  })

  test('a tampered confirmation link confirms nothing', async ({ client, assert }) => {
    await client.post('/subscription').form({ email: 'reader@example.com' }).withCsrfToken()
    const subscription = await NewsletterSubscription.findByOrFail('email', 'reader@example.com')
    const url = new URL(linkIn((await outbox.to('reader@example.com'))[0].html, '/confirm'))
    const tampered = url.search.replace(/signature=([^&]+)/, 'signature=$1x')
    const response = await client.get(`${url.pathname}${tampered}`).redirects(0)
    response.assertFlashMessage('alerts', { error: 'This link is invalid or has expired.' })
    await subscription.refresh()
    assert.isNull(subscription.confirmedAt)
  })

  test('subscribing twice answers the same as once and keeps one row', async ({
    client,
    assert,
  }) => {
    const first = await client
      .post('/subscription')
      .form({ email: 'twice@example.com' })
      .withCsrfToken()
      .redirects(0)
    const second = await client
      .post('/subscription')
      .form({ email: 'TWICE@example.com' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(first.status(), second.status())
    assert.deepEqual(first.flashMessages().alerts, second.flashMessages().alerts)
    assert.lengthOf(await NewsletterSubscription.query().where('email', 'twice@example.com'), 1)
  })

  test('a confirmed address is not mailed again, and the answer does not tell', async ({
    client,
    assert,
  }) => {
    await client.post('/subscription').form({ email: 'known@example.com' }).withCsrfToken()
    const url = new URL(linkIn((await outbox.to('known@example.com'))[0].html, '/confirm'))
    await client.get(`${url.pathname}${url.search}`)
    await outbox.clear()

    const again = await client
      .post('/subscription')
      .form({ email: 'known@example.com' })
      .withCsrfToken()
      .redirects(0)
    again.assertFlashMessage('alerts', {
      success:
        'Thank you! Please check your inbox: we have sent you a link to confirm your subscription.',
    })
    assert.lengthOf(await outbox.to('known@example.com'), 0)
  })

  test('the unsubscribe link in the mail ends the subscription', async ({ client, assert }) => {
    await client.post('/subscription').form({ email: 'leaver@example.com' }).withCsrfToken()
    const url = new URL(linkIn((await outbox.to('leaver@example.com'))[0].html, '/unsubscribe'))
    await client.get(`${url.pathname}${url.search}`)
    const subscription = await NewsletterSubscription.findByOrFail('email', 'leaver@example.com')
    assert.isNotNull(subscription.unsubscribedAt)
  })
})
