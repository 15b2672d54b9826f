import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import Petition from '#models/petition'
import { PetitionFactory } from '#database/factories/petition_factory'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { flashed, loggedInAs, makeMember, sessionStore } from '#tests/helpers/auth'
import { pathOf } from '#tests/helpers/signatures'
import { sendVerificationMail } from '#services/accounts/registration'

/** The path of the verification link mailed to `email`. */
async function mailedLink(email: string) {
  const [mail] = await outbox.to(email)
  return pathOf(linkIn(mail.html, '/auth/email/verify/'))
}

/** An unverified account at `email`, and the path of the verification link mailed to it. */
async function unverifiedWithLink(email: string) {
  const member = await makeMember({ role: 0, email })
  await sendVerificationMail(member, 'en')
  return { member, link: await mailedLink(email) }
}

test.group('E-mail verification', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('opening the mailed link only asks: a mail scanner verifies nothing', async ({
    client,
    assert,
  }) => {
    const { member, link } = await unverifiedWithLink('new@example.com')

    // What a scanner does: it opens the link, as a page and as Inertia would.
    const page = await client.get(link).withInertia()
    page.assertInertiaComponent('Auth/VerifyEmail')
    assert.equal(page.inertiaProps.actionUrl, link)
    assert.equal(page.inertiaProps.email, 'new@example.com')
    assert.isFalse(page.inertiaProps.verified)
    await client.get(link)
    await client.head(link)

    await member.refresh()
    assert.equal(member.role, 0)
  })

  test('"Verify my account" verifies the member (role 1)', async ({ client, assert }) => {
    const { member, link } = await unverifiedWithLink('new@example.com')
    const response = await client.post(link).json({ answer: 'verify' }).withCsrfToken().redirects(0)
    response.assertHeader('location', '/login')
    response.assertFlashMessage('alerts', {
      success: 'Thank you! Your e-mail address is verified.',
    })
    await member.refresh()
    assert.equal(member.role, 1)

    // Opened again, it says so and asks nothing.
    const again = await client.get(link).withInertia()
    assert.isTrue(again.inertiaProps.verified)
    const secondPost = await client
      .post(link)
      .json({ answer: 'not_me' })
      .withCsrfToken()
      .redirects(0)
    assert.isString(flashed(secondPost, 'alerts', 'info'))
    assert.isNotNull(await User.find(member.id), 'a verified account is never declined')
  })

  test('verifying ends the sessions of whoever registered the address first', async ({
    client,
    assert,
  }) => {
    // Made by someone else, who stays logged in elsewhere; the owner verifies from a logged-in tab.
    const member = await makeMember({ role: 0, email: 'owner@example.com' })
    const store = await sessionStore()
    await store.write('registrant-browser', { auth_web: member.id })
    await store.tag('registrant-browser', String(member.id))
    await sendVerificationMail(member, 'en')
    const link = await mailedLink('owner@example.com')

    const response = await client
      .post(link)
      .json({ answer: 'verify' })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/my/petitions')
    assert.equal(loggedInAs(response), member.id, 'the browser that verified stays logged in')
    assert.isNull(await store.read('registrant-browser'), 'every other session has ended')
  })

  test('"I did not sign up" deletes the unverified account and tells the address nothing more', async ({
    client,
    assert,
  }) => {
    const account = await makeMember({ role: 0, email: 'victim@corp.org', firstName: 'Mallory' })
    const store = await sessionStore()
    await store.write('registrant-browser', { auth_web: account.id })
    await store.tag('registrant-browser', String(account.id))
    await sendVerificationMail(account, 'en')
    const link = await mailedLink('victim@corp.org')
    await outbox.clear()

    const response = await client.post(link).json({ answer: 'not_me' }).withCsrfToken().redirects(0)
    response.assertHeader('location', '/')
    assert.equal(
      flashed(response, 'alerts', 'success'),
      'The account made with your address has been deleted. We will not write to you about it again.'
    )
    assert.isNull(await User.find(account.id))
    assert.isNull(await store.read('registrant-browser'), 'its sessions have ended')
    assert.lengthOf(await outbox.read(), 0, 'no farewell mail to an address that never signed up')

    const reopened = await client.get(link).withInertia()
    assert.isNull(reopened.inertiaProps.actionUrl)
  })

  test('a declined account loses its drafts; its published petitions stay, owned by nobody', async ({
    client,
    assert,
  }) => {
    const account = await makeMember({ role: 0, email: 'victim@corp.org' })
    const draft = await PetitionFactory.merge({ title: 'A draft', userId: account.id }).create()
    const published = await PetitionFactory.apply('published')
      .merge({ title: 'Published', userId: account.id })
      .create()
    await sendVerificationMail(account, 'en')
    await client
      .post(await mailedLink('victim@corp.org'))
      .json({ answer: 'not_me' })
      .withCsrfToken()
      .redirects(0)
    assert.isNull(await Petition.find(draft.id))
    await published.refresh()
    assert.isNull(published.userId)
  })

  test('the mail says someone signed up with the address and what to do if it was not them', async ({
    assert,
  }) => {
    const member = await makeMember({ role: 0, email: 'new@example.com' })
    await sendVerificationMail(member, 'uk')
    const [mail] = await outbox.to('new@example.com')
    assert.include(mail.text, 'Хтось (сподіваємося, що ви) створив обліковий запис')
    assert.include(mail.text, '«Я не реєструвався»')
    assert.match(linkIn(mail.html, '/auth/email/verify/'), /^http:\/\/uk\.undersign\.test:3334\//)
  })

  test('a tampered link verifies nothing and says why', async ({ client, assert }) => {
    const { member, link: mailed } = await unverifiedWithLink('new@example.com')
    const link = mailed.replace(/signature=([^&]+)/, 'signature=$1x')
    const page = await client.get(link).withInertia()
    assert.isNull(page.inertiaProps.actionUrl)
    for (const answer of ['verify', 'not_me']) {
      const response = await client.post(link).json({ answer }).withCsrfToken().redirects(0)
      response.assertFlashMessage('alerts', {
        error:
          'This verification link is invalid or has expired. You can ask for a new one on My petitions.',
      })
    }
    await member.refresh()
    assert.equal(member.role, 0)
  })

  test('an expired link verifies nothing', async ({ client, assert }) => {
    const member = await makeMember({ role: 0, email: 'late@example.com' })
    const link = signedUrlFor(
      'auth.verify',
      { id: member.id },
      { expiresIn: '1s', purpose: `verify-email:${member.email}` }
    )
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const response = await client.post(link).json({ answer: 'verify' }).withCsrfToken().redirects(0)
    assert.exists(flashed(response, 'alerts', 'error'))
    await member.refresh()
    assert.equal(member.role, 0)
  })

  test('a link made for another address verifies nothing and deletes nothing', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ role: 0, email: 'current@example.com' })
    const link = signedUrlFor(
      'auth.verify',
      { id: member.id },
      { expiresIn: '24h', purpose: 'verify-email:old@example.com' }
    )
    await client.post(link).json({ answer: 'verify' }).withCsrfToken().redirects(0)
    await client.post(link).json({ answer: 'not_me' }).withCsrfToken().redirects(0)
    await member.refresh()
    assert.equal(member.role, 0)
  })

  test('an answer that is neither verify nor not_me changes nothing', async ({
    client,
    assert,
  }) => {
    const { member, link } = await unverifiedWithLink('new@example.com')
    const response = await client
      .post(link)
      .header('x-inertia', 'true')
      .json({ answer: 'yes please' })
      .withCsrfToken()
      .redirects(0)
    assert.notEqual(response.status(), 500)
    await member.refresh()
    assert.equal(member.role, 0)
  })

  test('"Verify now" sends the link again, and is rate-limited', async ({ client, assert }) => {
    const member = await makeMember({ role: 0, email: 'again@example.com' })
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await client
        .post('/auth/email/resend')
        .loginAs(member)
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
    }
    assert.lengthOf(await outbox.to('again@example.com'), 3)
    const limited = await client
      .post('/auth/email/resend')
      .header('x-inertia', 'true')
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    limited.assertStatus(429)
  })

  test('guests cannot ask for a verification mail', async ({ client }) => {
    const response = await client.post('/auth/email/resend').withCsrfToken().redirects(0)
    response.assertHeader('location', '/login')
  })
})
