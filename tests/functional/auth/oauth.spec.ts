import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import User from '#models/user'
import { FakeOAuthProvider, signInWith } from '#tests/helpers/fake_oauth_provider'
import { flashed, loggedInAs, makeMember } from '#tests/helpers/auth'

const provider = new FakeOAuthProvider()

test.group('Sign in with GitHub and Google', (group) => {
  group.setup(async () => {
    await provider.start()
    return () => provider.stop()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => provider.reset())

  test('the redirect leads to the provider with our callback and a state', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/auth/github/redirect').redirects(0)
    const location = new URL(response.header('location')!)
    assert.equal(location.origin + location.pathname, 'http://127.0.0.1:3335/github/authorize')
    assert.equal(location.searchParams.get('client_id'), 'test-github-client')
    assert.equal(
      location.searchParams.get('redirect_uri'),
      'http://undersign.test:3334/auth/github/callback'
    )
    assert.isAbove(location.searchParams.get('state')!.length, 10)
  })

  test('a new GitHub user becomes a verified member with names and avatar', async ({
    client,
    assert,
  }) => {
    provider.profile = {
      id: '42',
      name: 'Mona Lisa Octocat',
      email: 'Mona@Example.com',
      verified: true,
      avatarUrl: 'https://avatars.example/mona.png',
    }
    const callback = await signInWith(client, 'github', 'pt.undersign.test')
    callback.assertStatus(302)
    callback.assertHeader('location', '/my/petitions')

    const user = await User.findByOrFail('email', 'mona@example.com')
    assert.equal(user.firstName, 'Mona')
    assert.equal(user.lastName, 'Lisa Octocat')
    assert.equal(user.githubId, '42')
    assert.equal(user.role, 1)
    assert.equal(user.avatar, 'https://avatars.example/mona.png')
    assert.equal(user.locale, 'pt')
    assert.isNull(user.password)

    assert.equal(loggedInAs(callback), user.id)
  })

  test('Google gives first and last name', async ({ client, assert }) => {
    provider.profile = {
      id: 'g-7',
      name: 'Ana Souza',
      givenName: 'Ana',
      familyName: 'Souza Lima',
      email: 'ana@example.com',
      verified: true,
    }
    const callback = await signInWith(client, 'google')
    callback.assertHeader('location', '/my/petitions')
    const user = await User.findByOrFail('email', 'ana@example.com')
    assert.equal(user.firstName, 'Ana')
    assert.equal(user.lastName, 'Souza Lima')
    assert.equal(user.googleId, 'g-7')
  })

  test('a verified provider e-mail links the existing account, and verifies it', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'octo@example.com', role: 0, firstName: 'Existing' })
    const callback = await signInWith(client, 'github')
    callback.assertHeader('location', '/my/petitions')
    await member.refresh()
    assert.equal(member.githubId, '1001')
    assert.equal(member.role, 1)
    assert.equal(member.firstName, 'Existing')
    assert.lengthOf(await User.all(), 1)

    // Next time the provider id alone finds the account.
    provider.profile = { ...provider.profile, email: 'changed@example.com' }
    await signInWith(client, 'github')
    assert.lengthOf(await User.all(), 1)
  })

  test('an unverified provider e-mail never takes over an existing account', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'octo@example.com' })
    provider.profile = { ...provider.profile, verified: false }
    const callback = await signInWith(client, 'github')
    callback.assertHeader('location', '/login')
    callback.assertFlashMessage('alerts', {
      error: 'The provider has not verified this e-mail address. Please log in with your password.',
    })
    await member.refresh()
    assert.isNull(member.githubId)
  })

  test('a denied consent returns to /login with a translated message', async ({
    client,
    assert,
  }) => {
    provider.deny = true
    const callback = await signInWith(client, 'github', 'fr.undersign.test')
    callback.assertHeader('location', '/login')
    assert.match(flashed(callback, 'alerts', 'error') ?? '', /annulé/)
    assert.lengthOf(await User.all(), 0)
  })

  test('a provider error returns to /login with a message', async ({ client, assert }) => {
    provider.failToken = true
    const callback = await signInWith(client, 'google')
    callback.assertHeader('location', '/login')
    callback.assertFlashMessage('alerts', {
      error: 'Logging in with the provider failed. Please try again.',
    })
    assert.lengthOf(await User.all(), 0)
  })

  test('a callback without the state of our redirect is refused', async ({ client, assert }) => {
    const response = await client.get('/auth/github/callback?code=forged&state=forged').redirects(0)
    response.assertHeader('location', '/login')
    assert.lengthOf(await User.all(), 0)
  })

  test('an unknown provider is a 404', async ({ client }) => {
    const response = await client.get('/auth/myspace/redirect').redirects(0)
    response.assertStatus(404)
  })

  test('only the providers the site has keys for are offered, on every page that offers them', async ({
    client,
    assert,
    cleanup,
  }) => {
    const offered = async (path: string) => {
      const page = await client.get(path).header('host', 'fr.undersign.test').withInertia()
      return (page.inertiaProps as { signInProviders: string[] }).signInProviders
    }
    const pages = ['/login', '/signup', '/auth/password/reset']
    for (const path of pages) assert.deepEqual(await offered(path), ['github', 'google'], path)

    const secret = env.get('GOOGLE_CLIENT_SECRET')
    env.set('GOOGLE_CLIENT_SECRET', '')
    cleanup(() => env.set('GOOGLE_CLIENT_SECRET', secret))
    for (const path of pages) assert.deepEqual(await offered(path), ['github'], path)
    // An old link to it goes back to the login page, never to the provider.
    const redirect = await client.get('/auth/google/redirect').redirects(0)
    assert.equal(new URL(redirect.header('location')!, 'http://undersign.test').pathname, '/login')

    // A member who linked Google before its keys went still sees it, to unlink it.
    const linked = await makeMember({ googleId: 'g-1' })
    const unlinked = await makeMember()
    const providersOf = async (member: typeof linked) => {
      const page = await client.get('/my/account').loginAs(member).withInertia()
      const props = page.inertiaProps as { account: { providers: { name: string }[] } }
      return props.account.providers.map(({ name }) => name)
    }
    assert.deepEqual(await providersOf(linked), ['github', 'google'])
    assert.deepEqual(await providersOf(unlinked), ['github'])
  })
})
