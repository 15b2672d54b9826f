import { emptiedAfterwards } from '#tests/helpers/database'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import hash from '@adonisjs/core/services/hash'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import ProviderLinkedMail from '#mails/provider_linked_mail'
import { requestPasswordReset } from '#services/accounts/password_reset'
import { sendVerificationMail } from '#services/accounts/registration'
import { confirmEmailChange, EmailTaken } from '#services/accounts/email_change'
import {
  flashed,
  loggedInAs,
  logInThroughForm,
  makeMember,
  PASSWORD,
  resetFromMail,
  sessionStore,
} from '#tests/helpers/auth'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { assertFieldError, fieldErrors } from '#tests/helpers/validation'
import { pathOf } from '#tests/helpers/signatures'
import SendMailJob from '#jobs/send_mail_job'

const NEW_PASSWORD = 'amber-falcon-2718'

function post(client: ApiClient, member: User, url: string, body: Record<string, unknown> = {}) {
  return client.post(url).json(body).loginAs(member).withCsrfToken().redirects(0)
}

/** The member's "Unlink" button for a provider on the settings page. */
function unlink(client: ApiClient, member: User, provider: string) {
  return client
    .delete(`/my/account/providers/${provider}`)
    .loginAs(member)
    .withCsrfToken()
    .redirects(0)
}

/** Asks for a move to `email` and returns the path of the link mailed there. */
async function requestMove(client: ApiClient, member: User, email: string) {
  const response = await post(client, member, '/my/account/email', {
    email,
    currentPassword: PASSWORD,
  })
  response.assertHeader('location', '/my/account')
  const [confirmation] = await outbox.to(email)
  return pathOf(linkIn(confirmation.html, '/email/confirm'))
}

test.group('Account settings: the page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('guests are sent to /login', async ({ client }) => {
    const response = await client.get('/my/account').redirects(0)
    response.assertHeader('location', '/login')
  })

  test('the member sees their account, without a hash or a provider id', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ firstName: 'Luca', nickName: 'lucab', githubId: '99' })
    const response = await client.get('/my/account').loginAs(member).withInertia()
    response.assertInertiaComponent('My/Account')
    assert.deepEqual(response.inertiaProps.account, {
      firstName: 'Luca',
      lastName: member.lastName,
      nickName: 'lucab',
      email: member.email,
      pendingEmail: null,
      verified: true,
      hasPassword: true,
      providers: [
        { name: 'github', linked: true },
        { name: 'google', linked: false },
      ],
      // No identity provider configured: nothing linked, nothing to link through.
      identity: null,
      identityProviders: [],
    })
    const text = JSON.stringify(response.inertiaProps)
    assert.notInclude(text, member.password!)
    assert.notInclude(text, '"99"')
  })

  test('the user menu and My petitions link to the settings, in the page language', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const html = (
      await client.get('/my/petitions').header('host', 'de.undersign.test').loginAs(member)
    ).text()
    assert.include(html, 'href="/my/account"')
    assert.include(html, 'Kontoeinstellungen')
  })
})

test.group('Account settings: name', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a first name is required, and no name may be longer than 100 characters', async ({
    client,
  }) => {
    const member = await makeMember()
    const empty = await post(client, member, '/my/account/profile', { firstName: '  ' })
    assertFieldError(empty, 'firstName')
    const long = await post(client, member, '/my/account/profile', {
      firstName: 'Anna',
      lastName: 'x'.repeat(101),
      nickName: 'y'.repeat(101),
    })
    assertFieldError(long, 'lastName')
    assertFieldError(long, 'nickName')
  })

  test('the errors are translated', async ({ client, assert }) => {
    const member = await makeMember()
    const response = await client
      .post('/my/account/profile')
      .header('host', 'de.undersign.test')
      .json({ firstName: '' })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    assert.match(fieldErrors(response).firstName[0], /Vorname/)
  })

  test('names are saved; an empty last name or nickname is removed', async ({ client, assert }) => {
    const member = await makeMember({ nickName: 'old' })
    const response = await post(client, member, '/my/account/profile', {
      firstName: ' Olena ',
      lastName: 'Koval',
      nickName: '',
    })
    response.assertHeader('location', '/my/account')
    assert.equal(flashed(response, 'alerts', 'success'), 'Your name has been saved.')
    await member.refresh()
    assert.equal(member.firstName, 'Olena')
    assert.equal(member.lastName, 'Koval')
    assert.isNull(member.nickName)
  })
})

test.group('Account settings: password', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('every field says what is wrong', async ({ client, assert }) => {
    const member = await makeMember()
    const missing = await post(client, member, '/my/account/password', {})
    for (const field of ['currentPassword', 'password', 'password_confirmation'])
      assertFieldError(missing, field)

    const weak = await post(client, member, '/my/account/password', {
      currentPassword: PASSWORD,
      password: 'qwerty123',
      password_confirmation: 'something else',
    })
    assertFieldError(weak, 'password')
    assertFieldError(weak, 'password_confirmation')

    const wrong = await post(client, member, '/my/account/password', {
      currentPassword: 'not my password',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    assert.deepEqual(fieldErrors(wrong).currentPassword, ['This is not your current password'])
    await member.refresh()
    assert.isTrue(await hash.verify(member.password!, PASSWORD))
  })

  test('a new password ends every other session; this one stays logged in', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const store = await sessionStore()
    for (const browser of ['laptop-session', 'phone-session']) {
      await store.write(browser, { auth_web: member.id })
      await store.tag(browser, String(member.id))
    }
    await store.write('stranger-session', { auth_web: 999 })
    await store.tag('stranger-session', '999')

    const response = await post(client, member, '/my/account/password', {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    response.assertHeader('location', '/my/account')
    assert.equal(
      flashed(response, 'alerts', 'success'),
      'Your password has been changed. You have been logged out on every other device.'
    )
    await member.refresh()
    assert.isTrue(await hash.verify(member.password!, NEW_PASSWORD))
    assert.isNull(await store.read('laptop-session'))
    assert.isNull(await store.read('phone-session'))
    assert.isNotNull(await store.read('stranger-session'))
    assert.equal(loggedInAs(response), member.id)
  })

  test('an account without a password gets a link to set one, never a form', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ password: null, googleId: 'g-1', email: 'gina@example.com' })
    const direct = await post(client, member, '/my/account/password', {
      currentPassword: 'anything',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    assertFieldError(direct, 'password')
    await member.refresh()
    assert.isNull(member.password)

    const asked = await post(client, member, '/my/account/password/link')
    asked.assertHeader('location', '/my/account')
    assert.equal(
      flashed(asked, 'alerts', 'success'),
      'We have sent a link to gina@example.com. Follow it to choose your password.'
    )
    await resetFromMail(client, 'gina@example.com', NEW_PASSWORD)
    await member.refresh()
    assert.isTrue(await hash.verify(member.password!, NEW_PASSWORD))
    assert.equal(member.googleId, 'g-1', 'the provider stays linked')
  })
})

test.group('Account settings: e-mail', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the new address must be valid, not the current one, with the password', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com' })

    const invalid = await post(client, member, '/my/account/email', {
      email: 'not an address',
      currentPassword: PASSWORD,
    })
    assertFieldError(invalid, 'email')

    const same = await post(client, member, '/my/account/email', {
      email: 'ANNA@example.com',
      currentPassword: PASSWORD,
    })
    assert.deepEqual(fieldErrors(same).email, ['This is already your e-mail address'])

    const withoutPassword = await post(client, member, '/my/account/email', {
      email: 'anna.new@example.org',
    })
    assert.deepEqual(fieldErrors(withoutPassword).currentPassword, [
      'The current password field is required',
    ])
    const wrongPassword = await post(client, member, '/my/account/email', {
      email: 'anna.new@example.org',
      currentPassword: 'guess',
    })
    assertFieldError(wrongPassword, 'currentPassword')

    await member.refresh()
    assert.isNull(member.pendingEmail)
    assert.lengthOf(await outbox.read(), 0, 'no refused request mails anyone')
  })

  test('the answer never tells whether another account holds the new address', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com' })
    const holder = await makeMember({ email: 'taken@gmail.com' })

    // The password comes first: a wrong one says nothing about the address.
    for (const email of ['Ta.Ken+news@gmail.com', 'free@example.org']) {
      const wrong = await post(client, member, '/my/account/email', { email, currentPassword: 'x' })
      assert.deepEqual(Object.keys(fieldErrors(wrong)), ['currentPassword'])
    }

    const answers = []
    for (const email of ['Ta.Ken+news@gmail.com', 'free@example.org']) {
      const response = await post(client, member, '/my/account/email', {
        email,
        currentPassword: PASSWORD,
      })
      await member.refresh()
      const page = await client.get('/my/account').loginAs(member).withInertia()
      answers.push({
        status: response.status(),
        location: response.header('location'),
        errors: fieldErrors(response),
        flash: flashed(response, 'alerts', 'success')?.replace(email.toLowerCase(), '{email}'),
        pending: page.inertiaProps.account.pendingEmail === email.toLowerCase(),
      })
    }
    assert.deepEqual(answers[0], answers[1], 'a taken address is answered as a free one')

    // The taken address is told that an account uses it, and gets no link; nothing changed.
    const [inUse] = await outbox.to('ta.ken+news@gmail.com')
    assert.equal(inUse.subject, 'Someone asked to move an account to your address on Undersign')
    assert.notInclude(inUse.html ?? '', '/email/confirm')
    const [link] = await outbox.to('free@example.org')
    assert.include(link.html ?? '', '/email/confirm')
    await holder.refresh()
    assert.equal(holder.email, 'taken@gmail.com')
    await member.refresh()
    assert.equal(member.email, 'anna@example.com')
  })

  test('nothing changes until the link mailed to the new address is followed', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com', firstName: 'Anna' })
    const link = await requestMove(client, member, 'anna.new@example.org')

    await member.refresh()
    assert.equal(member.email, 'anna@example.com')
    assert.equal(member.pendingEmail, 'anna.new@example.org')
    const page = await client.get('/my/account').loginAs(member).withInertia()
    assert.equal(page.inertiaProps.account.pendingEmail, 'anna.new@example.org')

    // The current address is told, with a link to the settings.
    const [notice] = await outbox.to('anna@example.com')
    assert.equal(notice.subject, 'A change of your Undersign e-mail address was requested')
    assert.include(notice.text, 'anna.new@example.org')
    assert.include(linkIn(notice.html, '/my/account'), 'http://undersign.test:3334/my/account')

    // Opening the link shows a button and changes nothing.
    const shown = await client.get(link).withInertia()
    shown.assertInertiaComponent('Account/ConfirmEmailChange')
    assert.equal(shown.inertiaProps.actionUrl, link)
    assert.equal(shown.inertiaProps.newEmail, 'anna.new@example.org')
    await member.refresh()
    assert.equal(member.email, 'anna@example.com')

    // Its button moves the account, on any device (no login needed).
    const confirmed = await client.post(link).withCsrfToken().redirects(0)
    confirmed.assertHeader('location', '/login')
    assert.equal(
      flashed(confirmed, 'alerts', 'success'),
      'Your e-mail address is now anna.new@example.org.'
    )
    await member.refresh()
    assert.equal(member.email, 'anna.new@example.org')
    assert.isNull(member.pendingEmail)

    const newLogin = await logInThroughForm(client, 'anna.new@example.org')
    assert.equal(loggedInAs(newLogin), member.id)

    // The link is spent.
    const again = await client.post(link).withCsrfToken().redirects(0)
    assert.isString(flashed(again, 'alerts', 'error'))
    const reopened = await client.get(link).withInertia()
    assert.isNull(reopened.inertiaProps.actionUrl)
  })

  test('the mails are in the language of the page, with the settings in their footer', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com', firstName: 'Anna' })
    await client
      .post('/my/account/email')
      .header('host', 'de.undersign.test')
      .json({ email: 'anna.neu@example.org', currentPassword: PASSWORD })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    const [confirmation] = await outbox.to('anna.neu@example.org')
    assert.equal(confirmation.subject, 'Bestätigen Sie Ihre neue E-Mail-Adresse für Undersign')
    assert.include(linkIn(confirmation.html, '/email/confirm'), 'http://de.undersign.test:3334/')
    assert.equal(
      linkIn(confirmation.html, '/my/account'),
      'http://de.undersign.test:3334/my/account'
    )
    assert.include(
      confirmation.text,
      'Ihre Kontoeinstellungen: http://de.undersign.test:3334/my/account'
    )
  })

  test('a newer request or a cancel voids the earlier link', async ({ client, assert }) => {
    const member = await makeMember({ email: 'anna@example.com' })
    const first = await requestMove(client, member, 'first@example.org')
    await member.refresh()
    const second = await requestMove(client, member, 'second@example.org')

    const stale = await client.post(first).withCsrfToken().redirects(0)
    assert.isString(flashed(stale, 'alerts', 'error'))
    await member.refresh()
    assert.equal(member.email, 'anna@example.com')

    const cancelled = await client
      .delete('/my/account/email')
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    cancelled.assertHeader('location', '/my/account')
    await member.refresh()
    assert.isNull(member.pendingEmail)
    const afterCancel = await client.post(second).withCsrfToken().redirects(0)
    assert.isString(flashed(afterCancel, 'alerts', 'error'))
    await member.refresh()
    assert.equal(member.email, 'anna@example.com')
  })

  test('an account without a password sets one before moving; an unverified one cannot move', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ password: null, githubId: '7', email: 'octo@example.com' })
    const refused = await post(client, member, '/my/account/email', { email: 'octo@example.org' })
    assert.deepEqual(fieldErrors(refused).email, [
      'Set a password first: changing your address asks for it',
    ])
    await member.refresh()
    assert.isNull(member.pendingEmail)
    assert.lengthOf(await outbox.read(), 0)
    const page = await client.get('/my/account').loginAs(member)
    assert.include(page.text(), 'data-testid="email-needs-password"')

    // It may be someone else's registration of this address: fixing a typo means signing up again.
    const unverified = await makeMember({ email: 'typo@exmaple.com', role: 0 })
    const typo = await post(client, unverified, '/my/account/email', {
      email: 'typo@example.com',
      currentPassword: PASSWORD,
    })
    assert.deepEqual(fieldErrors(typo).email, [
      'Verify your current address first: only a verified account can move to another address',
    ])
    await unverified.refresh()
    assert.equal(unverified.email, 'typo@exmaple.com')
    assert.isNull(unverified.pendingEmail)
    assert.lengthOf(await outbox.read(), 0)
    const unverifiedPage = await client.get('/my/account').loginAs(unverified)
    assert.include(unverifiedPage.text(), 'data-testid="email-needs-verification"')
  })

  test('an address taken by another account meanwhile is refused clearly', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com' })
    const link = await requestMove(client, member, 'wanted@gmail.com')
    // Someone registers the same mailbox, spelled otherwise, before the link is followed.
    await makeMember({ email: 'want.ed@gmail.com' })

    const response = await client.post(link).loginAs(member).withCsrfToken().redirects(0)
    response.assertHeader('location', '/my/account')
    assert.equal(
      flashed(response, 'alerts', 'error'),
      'This address now belongs to another account, so your address has not been changed. You can choose another one in your account settings.'
    )
    await member.refresh()
    assert.equal(member.email, 'anna@example.com')
    assert.isNull(member.pendingEmail)
  })

  test('a confirmed move mails the old address what changed, when, and an undo link for 7 days', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com', firstName: 'Anna' })
    const link = await requestMove(client, member, 'anna.neu@example.org')
    await outbox.clear()
    const before = Date.now()
    await client.post(link).header('host', 'de.undersign.test').withCsrfToken().redirects(0)

    const [changed] = await outbox.to('anna@example.com')
    assert.equal(changed.subject, 'Die E-Mail-Adresse Ihres Undersign-Kontos wurde geändert')
    assert.include(changed.text, 'von anna@example.com in anna.neu@example.org geändert')
    const today = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(before)
    )
    assert.include(changed.text, today, 'it says when')
    const undo = new URL(linkIn(changed.html, '/email/undo'))
    assert.equal(undo.host, 'de.undersign.test:3334')
    assert.equal(undo.searchParams.get('from'), 'anna@example.com')
    // The link's signed payload carries its expiry: 7 days from the move.
    const payload = JSON.parse(
      Buffer.from(undo.searchParams.get('signature')!.split('.')[0], 'base64url').toString()
    )
    const lifetime = new Date(payload.expiryDate).getTime() - before
    assert.approximately(lifetime, 7 * 24 * 3600 * 1000, 60 * 1000)
  })

  test('the undo link brings the account back, ends its sessions and asks for a new password', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com', githubId: '77' })
    const link = await requestMove(client, member, 'mallory@evil.test')
    await client.post(link).withCsrfToken().redirects(0)
    const undo = pathOf(linkIn((await outbox.to('anna@example.com'))[0].html, '/email/undo'))
    const store = await sessionStore()
    await store.write('taker-browser', { auth_web: member.id })
    await store.tag('taker-browser', String(member.id))
    await outbox.clear()

    // Opening it changes nothing.
    const shown = await client.get(undo).withInertia()
    shown.assertInertiaComponent('Account/UndoEmailChange')
    assert.equal(shown.inertiaProps.previousEmail, 'anna@example.com')
    assert.equal(shown.inertiaProps.currentEmail, 'mallory@evil.test')
    await member.refresh()
    assert.equal(member.email, 'mallory@evil.test')

    const undone = await client.post(undo).withCsrfToken().redirects(0)
    undone.assertHeader('location', '/login')
    assert.include(flashed(undone, 'alerts', 'success') ?? '', 'anna@example.com again')
    await member.refresh()
    assert.equal(member.email, 'anna@example.com')
    assert.isNull(member.password, 'the password someone else may know is gone')
    assert.isNull(member.githubId, 'and so are the providers linked meanwhile')
    assert.isNull(await store.read('taker-browser'), 'every session has ended')
    const taker = await client
      .post('/login')
      .form({ email: 'mallory@evil.test', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    assert.isNull(loggedInAs(taker))

    // The restored address gets a link to choose a new password.
    const [reset] = await outbox.to('anna@example.com')
    assert.include(linkIn(reset.html, '/auth/password/reset/'), 'email=anna%40example.com')

    // The link is spent.
    const again = await client.post(undo).withCsrfToken().redirects(0)
    assert.isString(flashed(again, 'alerts', 'error'))
  })

  test('an undo link that is forged, expired or for an account that moved on does nothing', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com' })
    const link = await requestMove(client, member, 'anna.new@example.org')
    // Confirmed more than 7 days ago: the undo link it mailed has expired.
    const realNow = Date.now
    Date.now = () => realNow() - 8 * 24 * 3600 * 1000
    try {
      await client.post(link).withCsrfToken().redirects(0)
    } finally {
      Date.now = realNow
    }
    const mails = await outbox.to('anna@example.com')
    const changed = mails.find((sent) => (sent.html ?? '').includes('/email/undo'))!
    const expired = pathOf(linkIn(changed.html, '/email/undo'))
    const forged = expired.replace('from=anna%40example.com', 'from=mallory%40evil.test')
    for (const undo of [expired, forged]) {
      const page = await client.get(undo).withInertia()
      assert.isNull(page.inertiaProps.actionUrl)
      const response = await client.post(undo).withCsrfToken().redirects(0)
      assert.isString(flashed(response, 'alerts', 'error'))
    }
    await member.refresh()
    assert.equal(member.email, 'anna.new@example.org')
    assert.isNotNull(member.password)
  })
})

/** Not in a global transaction: on PostgreSQL the refused update would end it. */
test.group('Account settings: two accounts racing for one address', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('one account gets the address, the other a clear refusal, no 500', async ({
    client,
    assert,
  }) => {
    const anna = await makeMember({ email: 'anna@example.com' })
    const olena = await makeMember({ email: 'olena@example.com' })
    const annaLink = await requestMove(client, anna, 'shared@example.org')
    await outbox.clear()
    const olenaLink = await requestMove(client, olena, 'shared@example.org')

    const responses = await Promise.all([
      client.post(annaLink).withCsrfToken().redirects(0),
      client.post(olenaLink).withCsrfToken().redirects(0),
    ])
    for (const response of responses) response.assertStatus(302)
    const errors = responses.map((response) => flashed(response, 'alerts', 'error'))
    assert.equal(errors.filter(Boolean).length, 1)
    const owners = await User.query().where('email', 'shared@example.org')
    assert.lengthOf(owners, 1)

    // The service itself: the loser is told, never a database error.
    await olena.refresh()
    await anna.refresh()
    const loser = owners[0].id === anna.id ? olena : anna
    loser.pendingEmail = 'shared@example.org'
    await loser.save()
    await assert.rejects(() => confirmEmailChange(loser), EmailTaken)
  })
})

test.group('Account settings: GitHub and Google', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a linked provider is unlinked from an account with a password', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ githubId: '42', googleId: 'g-1' })
    const response = await unlink(client, member, 'github')
    response.assertHeader('location', '/my/account')
    assert.equal(
      flashed(response, 'alerts', 'success'),
      'GitHub is no longer linked to your account.'
    )
    await member.refresh()
    assert.isNull(member.githubId)
    assert.equal(member.googleId, 'g-1')
  })

  test('unlinking is refused without a password: the member could not log in again', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ password: null, googleId: 'g-1' })
    const response = await unlink(client, member, 'google')
    response.assertHeader('location', '/my/account')
    assert.equal(
      flashed(response, 'alerts', 'error'),
      'Your account has no password: without Google you could no longer log in. Set a password first.'
    )
    await member.refresh()
    assert.equal(member.googleId, 'g-1')
  })

  test('an unknown provider is not found', async ({ client }) => {
    const member = await makeMember()
    const response = await unlink(client, member, 'facebook')
    response.assertStatus(404)
  })
})

test.group('Account mails: the footer leads to the settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('verification, reset and provider mails link to My/Account on their language site', async ({
    assert,
  }) => {
    const member = await makeMember({ email: 'anna@example.com', role: 0 })
    await sendVerificationMail(member, 'fr')
    await requestPasswordReset('anna@example.com', 'uk')
    await SendMailJob.dispatchMails([
      new ProviderLinkedMail(member, 'es', 'github', 'http://x.test/reset'),
    ])
    const mails = await outbox.to('anna@example.com')
    assert.lengthOf(mails, 3)
    const footers = Object.fromEntries(
      mails.map((sent) => [sent.subject, linkIn(sent.html, '/my/account')])
    )
    assert.sameMembers(Object.values(footers), [
      'http://fr.undersign.test:3334/my/account',
      'http://uk.undersign.test:3334/my/account',
      'http://es.undersign.test:3334/my/account',
    ])
    for (const sent of mails) assert.match(sent.text!, /\/my\/account/)
  })
})
