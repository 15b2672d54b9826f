import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import { identityCallbackUrl } from '#config/identity'
import { PetitionFactory } from '#database/factories/petition_factory'
import { identityHashOf } from '#services/identity/identity_check'
import { consumeVerifiedIdentity } from '#services/identity/verified_identity'
import { flashed } from '#tests/helpers/auth'
import {
  backFromProvider,
  providerGroup,
  BARE_HOST,
  GERMAN_HOST,
  pathOf,
  SiteBrowser,
  TestOidcProvider,
  throughProvider,
} from '#tests/helpers/oidc_provider'

const provider = new TestOidcProvider()

/** The German signer's check up to the provider's answer at our callback: their browser and that answer. */
async function checkUpToCallback(
  client: ApiClient,
  petition: Petition,
  options: { login?: string; deny?: boolean } = {}
) {
  const signer = new SiteBrowser(client, GERMAN_HOST)
  const start = await signer.get(`/identity/${provider.key}/start?petition=${petition.guid}`)
  start.assertStatus(302)
  const answer = await throughProvider(start.header('location')!, options.login, options.deny)
  return { signer, answer, authorization: new URL(start.header('location')!) }
}

async function signFormOf(signer: SiteBrowser, petition: Petition) {
  const page = await signer.get(`/petition/${petition.slug}`, { inertia: true })
  page.assertStatus(200)
  return { page, props: page.body().props as Record<string, any> }
}

const german = (key: string) => i18nManager.locale('de').t(key)
const verifications = () => db.from('identity_verifications')

test.group('Verified identity through OpenID Connect', (group) => {
  providerGroup(group, provider)

  test('a signer goes through the provider and back to the same form on their language’s site, verified', async ({
    assert,
    client,
  }) => {
    // Restricted to its region: the form shows the claims a signature keeps for that check.
    const petition = await PetitionFactory.apply('published')
      .merge({ country: 'DE', region: 'BY', identityResidence: 'region' })
      .with('user')
      .create()
    const { signer, answer, authorization } = await checkUpToCallback(client, petition)
    // Code flow with PKCE (S256), a state and a nonce, back to the bare domain's callback.
    assert.equal(authorization.searchParams.get('response_type'), 'code')
    assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256')
    assert.isAbove(authorization.searchParams.get('code_challenge')!.length, 40)
    assert.isAbove(authorization.searchParams.get('state')!.length, 20)
    assert.isAbove(authorization.searchParams.get('nonce')!.length, 20)
    assert.equal(authorization.searchParams.get('scope'), 'openid address')
    assert.equal(authorization.searchParams.get('redirect_uri'), identityCallbackUrl(provider.key))
    assert.equal(`${answer.origin}${answer.pathname}`, identityCallbackUrl(provider.key))
    // The provider never learns which petition: nothing of it in what it was sent.
    assert.notInclude(authorization.href, petition.guid)

    const { back, landing } = await backFromProvider(signer, client, answer)
    assert.equal(back.hostname, GERMAN_HOST)
    assert.equal(back.pathname, '/identity/return')
    landing.assertStatus(302)
    assert.equal(landing.header('location'), `/petition/${petition.slug}#sign-this-petition`)

    const { page, props } = await signFormOf(signer, petition)
    assert.deepEqual(props.verifiedIdentity, {
      providerName: 'Test eID',
      claims: { country: 'DE', region: 'BY' },
    })
    assert.deepEqual(props.identityProviders, [
      {
        key: provider.key,
        name: 'Test eID',
        startUrl: `/identity/${provider.key}/start?petition=${petition.guid}`,
      },
    ])

    // Kept: the keyed hash and the mapped claims; never the subject, a name or a token.
    const [row] = await verifications()
    const identityHash = identityHashOf(provider.issuer, 'alice-42')
    assert.equal(row.identity_hash, identityHash)
    assert.deepEqual(JSON.parse(row.claims), { country: 'DE', region: 'BY' })
    assert.notInclude(JSON.stringify(row), 'alice-42')
    assert.notInclude(page.text(), identityHash)
    assert.notInclude(page.text(), 'alice-42')

    // The signature that uses it takes it once.
    const session = { get: () => row.id } as any
    assert.deepEqual(await consumeVerifiedIdentity(session, petition), {
      providerKey: provider.key,
      identityHash,
      claims: { country: 'DE', region: 'BY' },
    })
    assert.isNull(await consumeVerifiedIdentity(session, petition))
    assert.isNull((await signFormOf(signer, petition)).props.verifiedIdentity)
  })

  test('a replayed answer (same state and code) is refused, and stores nothing more', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const { signer, answer } = await checkUpToCallback(client, petition)
    await backFromProvider(signer, client, answer)
    assert.lengthOf(await verifications(), 1)

    const replay = await backFromProvider(signer, client, answer)
    assert.equal(replay.back.searchParams.get('refused'), 'expired')
    assert.equal(replay.landing.header('location'), `/petition/${petition.slug}#sign-this-petition`)
    assert.equal(flashed(replay.landing, 'messages', 'error'), german('page.identity.expired'))
    assert.lengthOf(await verifications(), 1)
  })

  test('a made-up state is refused: nothing names the petition, the home page says why', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const { answer } = await checkUpToCallback(client, petition)
    answer.searchParams.set('state', 'a-state-nobody-gave-out-0123456789')
    const callback = await new SiteBrowser(client, BARE_HOST).get(pathOf(answer))
    callback.assertStatus(302)
    assert.equal(callback.header('location'), '/')
    assert.equal(
      flashed(callback, 'alerts', 'error'),
      i18nManager.locale('en').t('page.identity.expired')
    )
    assert.lengthOf(await verifications(), 0)
  })

  for (const [tampering, what] of [
    ['nonce', 'an ID token with another nonce'],
    ['audience', 'an ID token issued for another client'],
    ['expired', 'an expired ID token'],
  ] as const) {
    test(`${what} is refused by the library: back to the petition, nothing stored`, async ({
      assert,
      client,
    }) => {
      const petition = await PetitionFactory.apply('published').with('user').create()
      const { signer, answer } = await checkUpToCallback(client, petition)
      provider.tampering = tampering
      const { back, landing } = await backFromProvider(signer, client, answer)
      assert.equal(back.hostname, GERMAN_HOST)
      assert.equal(back.searchParams.get('refused'), 'failed')
      assert.isNull(back.searchParams.get('pass'))
      assert.equal(landing.header('location'), `/petition/${petition.slug}#sign-this-petition`)
      assert.equal(flashed(landing, 'messages', 'error'), german('page.identity.failed'))
      assert.lengthOf(await verifications(), 0)
      assert.isNull((await signFormOf(signer, petition)).props.verifiedIdentity)
    })
  }

  test('a signer who cancels at the provider is told so, nothing stored', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const { signer, answer } = await checkUpToCallback(client, petition, { deny: true })
    const { back, landing } = await backFromProvider(signer, client, answer)
    assert.equal(back.searchParams.get('refused'), 'cancelled')
    assert.equal(flashed(landing, 'messages', 'error'), german('page.identity.cancelled'))
    assert.lengthOf(await verifications(), 0)
  })

  test('a pass from someone else’s check puts nothing into another browser’s session', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const { answer } = await checkUpToCallback(client, petition)
    const callback = await new SiteBrowser(client, BARE_HOST).get(pathOf(answer))
    // A victim opens the attacker's link: their session did not start this check.
    const victim = new SiteBrowser(client, GERMAN_HOST)
    const landing = await victim.get(pathOf(callback.header('location')!))
    assert.equal(flashed(landing, 'messages', 'error'), german('page.identity.expired'))
    assert.isNull((await signFormOf(victim, petition)).props.verifiedIdentity)
    // Still unused: the pass stays for the browser that started the check.
    const [row] = await verifications()
    assert.isNotNull(row.pass_hash)
  })

  test('an unknown provider key answers 404', async ({ client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signer = new SiteBrowser(client, GERMAN_HOST)
    ;(await signer.get(`/identity/nobody/start?petition=${petition.guid}`)).assertStatus(404)
    ;(await signer.get('/identity/nobody/callback?state=x&code=y')).assertStatus(404)
  })

  test('a provider that cannot be reached sends the signer back with a message', async ({
    assert,
    client,
  }) => {
    const restore = provider.configureSite([
      provider.setting({ key: 'down', issuer: 'http://127.0.0.1:9' }),
    ])
    try {
      const petition = await PetitionFactory.apply('published').with('user').create()
      const signer = new SiteBrowser(client, GERMAN_HOST)
      const start = await signer.get(`/identity/down/start?petition=${petition.guid}`)
      const back = new URL(start.header('location')!)
      assert.equal(back.searchParams.get('refused'), 'unavailable')
      const landing = await signer.get(pathOf(back))
      assert.equal(flashed(landing, 'messages', 'error'), german('page.identity.unavailable'))
    } finally {
      restore()
    }
  })

  test('with no provider configured nothing shows and the routes answer 404', async ({
    assert,
    client,
  }) => {
    const restore = provider.configureSite([])
    try {
      const petition = await PetitionFactory.apply('published').with('user').create()
      const signer = new SiteBrowser(client, GERMAN_HOST)
      const { props } = await signFormOf(signer, petition)
      assert.deepEqual(props.identityProviders, [])
      assert.isNull(props.verifiedIdentity)
      const start = `/identity/${provider.key}/start?petition=${petition.guid}`
      ;(await signer.get(start)).assertStatus(404)
      ;(await signer.get(`/identity/${provider.key}/callback?state=x&code=y`)).assertStatus(404)
    } finally {
      restore()
    }
  })
})
