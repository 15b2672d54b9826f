import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { FakeOAuthProvider, signInGroup, signInWith } from '#tests/helpers/fake_oauth_provider'
import { outbox, linkIn } from '#tests/helpers/outbox'
import {
  flashed,
  loggedInAs,
  makeMember,
  PASSWORD,
  resetThroughMail,
  sessionStore,
} from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'

const provider = new FakeOAuthProvider()
const ATTACKER_PASSWORD = 'attacker-owns-it-77'
const NEW_PASSWORD = 'amber-falcon-2718'

/** The attacker registers the victim's address with a password of their own. */
async function registerAsAttacker(client: any, email: string) {
  const signup = await client
    .post('/signup')
    .form({
      firstName: 'Mallory',
      lastName: 'Attacker',
      email,
      password: ATTACKER_PASSWORD,
      password_confirmation: ATTACKER_PASSWORD,
    })
    .withCsrfToken()
    .redirects(0)
  const account = await User.findByOrFail('email', email)
  if (loggedInAs(signup) !== account.id) throw new Error('the attacker could not register')
  return account
}

/** A browser where the attacker stays logged in, as login leaves it: tagged with the account. */
async function keepAttackerSession(account: User) {
  const store = await sessionStore()
  await store.write('attacker-browser', { auth_web: account.id })
  await store.tag('attacker-browser', String(account.id))
  return store
}

async function passwordLogin(client: any, email: string, password: string) {
  return client.post('/login').form({ email, password }).withCsrfToken().redirects(0)
}

test.group('Security: taking over an account by registering its e-mail first', (group) => {
  signInGroup(group, provider)

  test('the owner signing in with a provider ends the attacker password and sessions', async ({
    client,
    assert,
  }) => {
    const account = await registerAsAttacker(client, 'victim@corp.org')
    const store = await keepAttackerSession(account)
    await store.write('stranger-session', { auth_web: 999 })
    await store.tag('stranger-session', '999')

    provider.profile = {
      id: '5150',
      name: 'Victor Owner',
      email: 'victim@corp.org',
      verified: true,
    }
    const callback = await signInWith(client, 'github', 'de.undersign.test')
    callback.assertHeader('location', '/my/petitions')
    assert.equal(loggedInAs(callback), account.id, 'the owner is logged in')

    await account.refresh()
    assert.equal(account.githubId, '5150')
    assert.equal(account.role, 1)
    assert.isNull(account.password, 'the password the attacker chose is gone')
    assert.isNull(await store.read('attacker-browser'), 'the attacker session has ended')
    assert.isNotNull(await store.read('stranger-session'), 'other members keep theirs')

    const attackerLogin = await passwordLogin(client, 'victim@corp.org', ATTACKER_PASSWORD)
    assert.isNull(loggedInAs(attackerLogin), 'the attacker password no longer logs in')

    // The owner is told, in the language of the page, and can set a password.
    const [notice] = (await outbox.to('victim@corp.org')).filter((mail) =>
      mail.subject.includes('GitHub')
    )
    assert.exists(notice, 'a mail tells the owner')
    assert.equal(notice.subject, 'Ihr Undersign-Konto ist jetzt mit GitHub verknüpft')
    assert.include(notice.html ?? '', 'Passwort')
    const resetPage = new URL(linkIn(notice.html, '/auth/password/reset'))
    assert.equal(resetPage.host, 'de.undersign.test:3334')
    const page = await client.get(resetPage.pathname).withInertia()
    page.assertInertiaComponent('Auth/ForgetPassword')
  })

  test('a provider linked to a verified account leaves its password alone', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'octo@example.com', role: 1 })
    await signInWith(client, 'github')
    await member.refresh()
    assert.equal(member.githubId, '1001')
    assert.isNotNull(member.password)
    assert.lengthOf(await outbox.to('octo@example.com'), 0)
  })

  test('an e-mail the provider does not vouch for creates no account', async ({
    client,
    assert,
  }) => {
    provider.profile = { id: '666', name: 'Mallory', email: 'victim@corp.org', verified: false }
    const callback = await signInWith(client, 'google')
    callback.assertHeader('location', '/login')
    assert.equal(
      flashed(callback, 'alerts', 'error'),
      'The provider has not verified this e-mail address. Please log in with your password.'
    )
    assert.isNull(loggedInAs(callback))
    assert.lengthOf(await User.all(), 0)
  })

  test('a password reset on an unverified account unlinks its providers and verifies it', async ({
    client,
    assert,
  }) => {
    // Made before providers had to vouch for the address: an attacker's GitHub on the victim's e-mail.
    const account = await makeMember({
      email: 'victim@corp.org',
      role: 0,
      password: null,
      githubId: '666',
      googleId: 'g-666',
    })

    const reset = await resetThroughMail(client, 'victim@corp.org', NEW_PASSWORD)
    assert.equal(loggedInAs(reset), account.id)

    await account.refresh()
    assert.isNull(account.githubId, 'the GitHub account no longer opens it')
    assert.isNull(account.googleId, 'the Google account no longer opens it')
    assert.equal(account.role, 1, 'the reset proved the mailbox')
    assert.isTrue(await hash.verify(account.password!, NEW_PASSWORD))

    provider.profile = { id: '666', name: 'Mallory', email: 'mallory@evil.test', verified: true }
    const attacker = await signInWith(client, 'github')
    assert.notEqual(loggedInAs(attacker), account.id, 'the attacker GitHub is not let in')
  })

  test('a password reset on a verified account keeps its providers', async ({ client, assert }) => {
    const member = await makeMember({ email: 'octo@example.com', role: 1, githubId: '1001' })
    await resetThroughMail(client, 'octo@example.com', NEW_PASSWORD)
    await member.refresh()
    assert.equal(member.githubId, '1001')
  })
})

/** The path of a link in the newest mail to `email` whose path contains `fragment`. */
async function mailedPath(email: string, fragment: string) {
  const mail = (await outbox.to(email)).find((candidate) =>
    (candidate.html ?? '').includes(fragment)
  )
  if (!mail) throw new Error(`no mail to ${email} with a link to ${fragment}`)
  const url = new URL(linkIn(mail.html, fragment))
  return `${url.pathname}${url.search}`
}

/**
 * What a verified member started on their account (a move to another
 * address, a deletion link), as someone who knows the password would.
 */
async function startClaims(client: any, member: User) {
  const move = await client
    .post('/my/account/email')
    .json({ email: 'mallory@evil.test', currentPassword: PASSWORD })
    .loginAs(member)
    .withCsrfToken()
    .redirects(0)
  move.assertHeader('location', '/my/account')
  await client.post('/my/account/delete/link').loginAs(member).withCsrfToken().redirects(0)
  const store = await keepAttackerSession(member)
  return {
    store,
    moveLink: await mailedPath('mallory@evil.test', '/email/confirm'),
    deletionLink: await mailedPath(member.email, '/delete'),
  }
}

/** After a proof of the mailbox: the move and the deletion link are dead, the other session too. */
async function assertClaimsEnded(
  client: any,
  assert: any,
  member: User,
  claims: Awaited<ReturnType<typeof startClaims>>
) {
  const move = await client.post(claims.moveLink).withCsrfToken().redirects(0)
  assert.isString(flashed(move, 'alerts', 'error'), 'the move link is refused')
  const deletionPage = await client.get(claims.deletionLink).withInertia()
  assert.isNull(deletionPage.inertiaProps.actionUrl, 'the deletion link is refused')
  await client.post(claims.deletionLink).withCsrfToken().redirects(0)

  const account = await User.findOrFail(member.id)
  assert.equal(account.email, member.email, 'the account keeps its address')
  assert.isNull(account.pendingEmail, 'the pending move is gone')
  assert.isNull(await claims.store.read('attacker-browser'), 'the other session has ended')
}

test.group('Security: a proof of the mailbox ends what was started before it', (group) => {
  signInGroup(group, provider)

  test('a pre-registered account cannot be moved to the attacker address before the owner claims it', async ({
    client,
    assert,
  }) => {
    const account = await registerAsAttacker(client, 'victim@corp.org')
    const move = await client
      .post('/my/account/email')
      .json({ email: 'mallory@evil.test', currentPassword: ATTACKER_PASSWORD })
      .loginAs(account)
      .withCsrfToken()
      .redirects(0)
    assert.deepEqual(fieldErrors(move).email, [
      'Verify your current address first: only a verified account can move to another address',
    ])
    assert.lengthOf(await outbox.to('mallory@evil.test'), 0, 'no link reaches the attacker')

    // The owner claims the address; the attacker then tries every link they were mailed.
    const reset = await resetThroughMail(client, 'victim@corp.org', NEW_PASSWORD)
    assert.equal(loggedInAs(reset), account.id)
    for (const mail of await outbox.to('mallory@evil.test')) {
      const url = new URL(linkIn(mail.html, '/account/'))
      await client.post(`${url.pathname}${url.search}`).withCsrfToken().redirects(0)
    }
    await account.refresh()
    assert.equal(account.email, 'victim@corp.org')
    assert.isNull(account.pendingEmail)
    const attackerLogin = await passwordLogin(client, 'victim@corp.org', ATTACKER_PASSWORD)
    assert.isNull(loggedInAs(attackerLogin))
  })

  test('a password reset ends the pending move, earlier account links and other sessions', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'owner@corp.org', role: 1 })
    const claims = await startClaims(client, member)
    const reset = await resetThroughMail(client, 'owner@corp.org', NEW_PASSWORD)
    assert.equal(loggedInAs(reset), member.id)
    await assertClaimsEnded(client, assert, member, claims)
  })

  test('a provider that vouches for the address ends the pending move, links and sessions', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'owner@corp.org', role: 1 })
    const claims = await startClaims(client, member)
    provider.profile = { id: '4242', name: 'Owner', email: 'owner@corp.org', verified: true }
    const callback = await signInWith(client, 'google')
    assert.equal(loggedInAs(callback), member.id)
    await assertClaimsEnded(client, assert, member, claims)
  })

  test('verification ends a pending move left from before the rule', async ({ client, assert }) => {
    const account = await makeMember({ email: 'owner@corp.org', role: 0 })
    await User.query().where('id', account.id).update({ pending_email: 'mallory@evil.test' })
    const { sendVerificationMail } = await import('#services/accounts/registration')
    await sendVerificationMail(account, 'en')
    await client
      .post(await mailedPath('owner@corp.org', '/auth/email/verify/'))
      .json({ answer: 'verify' })
      .withCsrfToken()
      .redirects(0)
    await account.refresh()
    assert.equal(account.role, 1)
    assert.isNull(account.pendingEmail)
  })
})
