import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import ContactMessageMail from '#mails/contact_message_mail'
import ContactMessage from '#models/contact_message'
import { outbox } from '#tests/helpers/outbox'
import SendMailJob from '#jobs/send_mail_job'

test.group('Mail outbox in development', (group) => {
  group.each.setup(() => outbox.clear())

  test('a mail sent without SMTP lands in the outbox and shows on /dev/mail', async ({
    client,
    assert,
  }) => {
    const contact = new ContactMessage().merge({
      name: 'Outbox Test',
      email: 'outbox@example.com',
      subject: 'Outbox subject line',
      message: 'Hello outbox, this is a message.',
      locale: 'en',
    })
    await mail.send(new ContactMessageMail(contact))

    const [stored] = await outbox.read()
    assert.equal(stored.subject, 'Contact form: Outbox subject line')

    const index = await client.get('/dev/mail')
    index.assertStatus(200)
    assert.include(index.text(), 'Contact form: Outbox subject line')

    const shown = await client.get(`/dev/mail/${stored.id}`)
    shown.assertStatus(200)
    assert.include(shown.text(), 'Hello outbox, this is a message.')
  })

  test('mails leave through the queue, never inside the request', async ({ assert, cleanup }) => {
    const { default: app } = await import('@adonisjs/core/services/app')
    const queue = await app.container.make('queue.manager')
    const fake = queue.fake()
    cleanup(() => queue.restore())
    const contact = new ContactMessage().merge({
      name: 'Queued',
      email: 'queued@example.com',
      subject: 'Queued subject line',
      message: 'This one waits in the queue.',
      locale: 'en',
    })
    await SendMailJob.dispatchMails([new ContactMessageMail(contact)])
    fake.assertPushed(SendMailJob)
    assert.lengthOf(await outbox.read(), 0)
  })
})
