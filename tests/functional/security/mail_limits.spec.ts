import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { outbox } from '#tests/helpers/outbox'
import { flashed, makeMember, PASSWORD } from '#tests/helpers/auth'
import { registerMember } from '#services/accounts/registration'
import { sign } from '#tests/helpers/signatures'
import { readOutbox } from '#support/outbox_transport'
import { outboxFolder } from '#config/mail'
import { readdir } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { BaseMail } from '@adonisjs/mail'
import BaseSiteMail from '#mails/base_site_mail'
import { PetitionFactory } from '#database/factories/petition_factory'

/** Every mail in the outbox that went to one mailbox, whatever form of its address. */
async function mailsTo(mailbox: RegExp) {
  return (await readOutbox(outboxFolder)).filter((mail) => mail.to.some((to) => mailbox.test(to)))
}

test.group('Mail bombing: mails per recipient', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('subscribing one mailbox again and again mails it three times an hour, with the same answer', async ({
    client,
    assert,
  }) => {
    // Variants of one Gmail mailbox: case, dots and +tags all reach the same inbox.
    const variants = [
      'victim@gmail.com',
      'Vic.tim@gmail.com',
      'victim+news@gmail.com',
      'v.i.c.t.i.m@googlemail.com',
      'victim+again@gmail.com',
    ]
    const answers = []
    for (const email of variants) {
      const response = await client
        .post('/subscription')
        .form({ email })
        .withCsrfToken()
        .redirects(0)
      answers.push([response.status(), flashed(response, 'alerts', 'success')])
    }
    assert.lengthOf(await mailsTo(/^v\.?i\.?c\.?t\.?i\.?m.*@(gmail|googlemail)\.com$/i), 3)
    for (const answer of answers) assert.deepEqual(answer, answers[0])
  })

  test('asking for password resets of one account mails it three times an hour, with the same answer', async ({
    client,
    assert,
  }) => {
    await makeMember({ email: 'owner@example.com' })
    const answers = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client
        .post('/auth/password/email')
        .form({ email: 'owner@example.com' })
        .withCsrfToken()
        .redirects(0)
      answers.push([response.status(), flashed(response, 'messages', 'success')])
    }
    assert.lengthOf(await outbox.to('owner@example.com'), 3)
    for (const answer of answers) assert.deepEqual(answer, answers[0])
  })

  test('"Verify now" tells the member once their address had three verification mails', async ({
    client,
    assert,
  }) => {
    // Signing up mails the first link, two "Verify now" the next ones.
    const member = await registerMember(
      { firstName: 'Fresh', lastName: 'Member', email: 'fresh@example.com', password: PASSWORD },
      'en'
    )
    const resend = (host = 'undersign.test') =>
      client
        .post('/auth/email/resend')
        .header('host', host)
        .loginAs(member)
        .withCsrfToken()
        .redirects(0)

    assert.exists(flashed(await resend(), 'alerts', 'success'))
    await resend()
    assert.lengthOf(await outbox.to('fresh@example.com'), 3)

    // The next is refused, with a message in the language of the page.
    const refused = await resend('fr.undersign.test')
    refused.assertStatus(302)
    assert.include(flashed(refused, 'alerts', 'error'), 'Nous avons déjà envoyé')
    assert.lengthOf(await outbox.to('fresh@example.com'), 3)
  })

  test('all mails to one address together stop at ten an hour', async ({ client, assert }) => {
    const target = 'target@example.org'
    await makeMember({ email: target })
    // Three newsletter confirmations, three password resets…
    for (let attempt = 0; attempt < 3; attempt++) {
      await client.post('/subscription').form({ email: target }).withCsrfToken()
      await client.post('/auth/password/email').form({ email: target }).withCsrfToken()
    }
    assert.lengthOf(await outbox.to(target), 6)
    // …then signatures in the target's name on five petitions: only four more mails go out.
    for (let round = 0; round < 5; round++) {
      const petition = await PetitionFactory.apply('published').with('user').create()
      const signed = await sign(client, petition, { email: target })
      signed.assertStatus(302)
    }
    assert.lengthOf(await outbox.to(target), 10)
  })

  test("the site's own contact address is not limited by its visitors' messages", async ({
    client,
    assert,
  }) => {
    // Twelve visitors write, from addresses of their own (the form allows five an hour per IP).
    for (let visitor = 0; visitor < 12; visitor++) {
      if (visitor % 4 === 0) await limiter.clear()
      const sent = await client
        .post('/contacts')
        .form({
          name: `Visitor ${visitor}`,
          email: `visitor${visitor}@example.com`,
          subject: 'A question about petitions',
          message: 'How do I hand the signatures over to the council?',
        })
        .withCsrfToken()
        .redirects(0)
      sent.assertStatus(302)
    }
    assert.lengthOf(await outbox.to('team@undersign.test'), 12)
  })

  test('every mail class of the site is a BaseSiteMail, so that the guard sees every mail', async ({
    assert,
  }) => {
    const files = (await readdir(app.makePath('app', 'mails'))).filter((file) => /\.ts$/.test(file))
    let mails = 0
    for (const file of files) {
      const exported = (await import(`#mails/${file.replace(/\.ts$/, '')}`)).default
      if (typeof exported !== 'function' || exported === BaseSiteMail) continue
      if (!(exported.prototype instanceof BaseMail)) continue
      mails++
      assert.isTrue(exported.prototype instanceof BaseSiteMail, `${file} extends BaseSiteMail`)
    }
    assert.isAtLeast(mails, 5)
  })
})
