import { test } from '@japa/runner'
import { linkIn } from '#tests/shipped/support/mailbox'
import {
  CONTACT_EMAIL,
  serverOutputSinceStart,
  shippedApp,
  shippedDb,
  sourceReads,
  visitor,
} from '#tests/shipped/support/shipped_app'

test.group('Shipped: contact, newsletter and production defaults', () => {
  test('a contact message is stored and mailed to the contact address', async ({ assert }) => {
    const guest = visitor('fr')
    assert.equal((await guest.open('/contacts')).page?.component, 'Contacts/index')
    const sent = await guest.submit('POST', '/contacts', {
      json: {
        name: 'Camille Martin',
        email: 'camille@example.fr',
        subject: 'Une question sur les pétitions',
        message: 'Comment remettre les signatures au conseil municipal ?',
      },
    })
    assert.isString(sent.landing?.props.alerts.success)
    const mail = await shippedApp().mailbox.waitFor(CONTACT_EMAIL, /Camille Martin/)
    assert.include(mail.text, 'Comment remettre les signatures au conseil municipal ?')
    const stored = await shippedDb().from('contact_messages').where('email', 'camille@example.fr')
    assert.lengthOf(stored, 1)
    assert.deepEqual(sourceReads(), [])
  })

  test('a newsletter subscription is confirmed from the mailed link', async ({ assert }) => {
    const guest = visitor('it')
    await guest.open('/')
    const subscribed = await guest.submit('POST', '/subscription', {
      json: { email: 'giulia@example.it' },
    })
    assert.isString(subscribed.landing?.props.alerts.success)
    const mail = await shippedApp().mailbox.waitFor('giulia@example.it')
    // The mailed link: its GET only shows a button, its POST confirms.
    const shown = await guest.open(linkIn(mail, '/confirm'))
    assert.equal(shown.page?.component, 'Subscription/Confirm')
    const pending = await shippedDb()
      .from('newsletter_subscriptions')
      .where('email', 'giulia@example.it')
      .firstOrFail()
    assert.isNull(pending.confirmed_at)
    const confirmed = await guest.submit('POST', shown.page?.props.actionUrl, { json: {} })
    assert.equal(confirmed.landing?.component, 'Home/Main')
    assert.isString(confirmed.landing?.props.alerts.success)
    const subscription = await shippedDb()
      .from('newsletter_subscriptions')
      .where('email', 'giulia@example.it')
      .firstOrFail()
    assert.isNotNull(subscription.confirmed_at)
    assert.deepEqual(sourceReads(), [])
  })

  test('in production the developer pages are unknown pages and no demo data exists', async ({
    assert,
  }) => {
    for (const path of ['/test', '/dev/mail']) {
      const { reply, page } = await visitor('es').open(path)
      assert.equal(reply.status, 404, path)
      assert.equal(page?.component, 'Errors/Status')
      assert.include(reply.text(), 'Página no encontrada')
    }
    const demo = await shippedDb().from('users').where('email', 'like', '%@undersign.org')
    assert.lengthOf(demo, 0)
    assert.include(serverOutputSinceStart(), 'production: no demo data')
    assert.include(serverOutputSinceStart(), 'TURNSTILE_SECRET_KEY is empty')
  })
})
