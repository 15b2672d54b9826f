import { test } from '@japa/runner'
import { assertFieldError } from '#tests/helpers/validation'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import NewsletterSubscription from '#models/newsletter_subscription'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { pathOf } from '#tests/helpers/signatures'
import { pageObjectIn } from '#tests/helpers/inertia'

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

    const link = pathOf(confirmLink)
    const page = await client.get(link).header('host', 'it.undersign.test').withInertia()
    page.assertInertiaComponent('Subscription/Confirm')
    assert.deepEqual(page.inertiaProps.intent, 'subscribe')
    assert.equal(page.inertiaProps.actionUrl, link)
    const confirmed = await client
      .post(link)
      .header('host', 'it.undersign.test')
      .withCsrfToken()
      .redirects(0)
    confirmed.assertStatus(302)
    await subscription.refresh()
    assert.isNotNull(subscription.confirmedAt)
  })

  test('opening the mailed links, as a mail scanner does, neither subscribes nor unsubscribes', async ({
    client,
    assert,
  }) => {
    await client.post('/subscription').form({ email: 'scanned@example.com' }).withCsrfToken()
    const [mail] = await outbox.to('scanned@example.com')
    const confirmLink = pathOf(linkIn(mail.html, '/confirm'))
    const unsubscribeLink = pathOf(linkIn(mail.html, '/unsubscribe'))

    // A scanner follows every link of the mail, twice, with and without redirects.
    for (const link of [confirmLink, unsubscribeLink, confirmLink]) {
      const opened = await client.get(link).redirects(0)
      opened.assertStatus(200)
      assert.equal(pageObjectIn(opened.text()).component, 'Subscription/Confirm')
      await client.head(link)
    }
    const subscription = await NewsletterSubscription.findByOrFail('email', 'scanned@example.com')
    assert.isNull(subscription.confirmedAt)
    assert.isNull(subscription.unsubscribedAt)

    // The reader presses the button: confirmed; a scanner opening the unsubscribe link later
    // changes nothing either.
    await client.post(confirmLink).withCsrfToken()
    await client.get(unsubscribeLink)
    await subscription.refresh()
    assert.isNotNull(subscription.confirmedAt)
    assert.isNull(subscription.unsubscribedAt)
    const done = await client.get(confirmLink).withInertia()
    assert.isTrue(done.inertiaProps.alreadyDone)
  })

  test('a tampered confirmation link confirms nothing', async ({ client, assert }) => {
    await client.post('/subscription').form({ email: 'reader@example.com' }).withCsrfToken()
    const subscription = await NewsletterSubscription.findByOrFail('email', 'reader@example.com')
    const url = new URL(linkIn((await outbox.to('reader@example.com'))[0].html, '/confirm'))
    const tampered = `${url.pathname}${url.search.replace(/signature=([^&]+)/, 'signature=$1x')}`
    const page = await client.get(tampered).withInertia()
    page.assertInertiaComponent('Subscription/Confirm')
    assert.isNull(page.inertiaProps.actionUrl)
    const response = await client.post(tampered).withCsrfToken().redirects(0)
    response.assertFlashMessage('alerts', { error: 'This link is invalid or has expired.' })
    const unsigned = await client.post(url.pathname).withCsrfToken().redirects(0)
    unsigned.assertFlashMessage('alerts', { error: 'This link is invalid or has expired.' })
    // The unsubscribe link's signature does not confirm.
    const unsubscribe = new URL(
      linkIn((await outbox.to('reader@example.com'))[0].html, '/unsubscribe')
    )
    const crossed = await client
      .post(`${url.pathname}${unsubscribe.search}`)
      .withCsrfToken()
      .redirects(0)
    crossed.assertFlashMessage('alerts', { error: 'This link is invalid or has expired.' })
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
    await client
      .post(pathOf(linkIn((await outbox.to('known@example.com'))[0].html, '/confirm')))
      .withCsrfToken()
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
    const link = pathOf(linkIn((await outbox.to('leaver@example.com'))[0].html, '/unsubscribe'))
    const page = await client.get(link).withInertia()
    page.assertInertiaComponent('Subscription/Confirm')
    assert.equal(page.inertiaProps.intent, 'unsubscribe')
    assert.equal(page.inertiaProps.actionUrl, link)
    const left = await client.post(link).withCsrfToken().redirects(0)
    left.assertFlashMessage('alerts', {
      success: 'You have been unsubscribed from the newsletter.',
    })
    const subscription = await NewsletterSubscription.findByOrFail('email', 'leaver@example.com')
    assert.isNotNull(subscription.unsubscribedAt)
  })
})
