import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import type Petition from '#models/petition'
import {
  backFromProvider,
  providerGroup,
  GERMAN_HOST,
  SiteBrowser,
  TestOidcProvider,
  throughProvider,
} from '#tests/helpers/oidc_provider'
import {
  UNREACHED_PROVIDER as PROVIDER,
  bavarianPetition,
  configureIdentity as configure,
} from '#tests/helpers/identity_settings'

async function pageProps(client: ApiClient, petition: Petition) {
  const page = await client.get(`/petition/${petition.slug}`).withInertia()
  page.assertStatus(200)
  return page.body().props as Record<string, any>
}

test.group('What a petition that takes only verified signatures shows signers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the petition page states the requirement, and the sign form offers the providers instead of itself', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(configure({ providers: [PROVIDER] }))
    const petition = await bavarianPetition()
    const props = await pageProps(client, petition)
    assert.deepEqual(props.identityRequirement, {
      required: true,
      residence: 'region',
      country: 'DE',
      region: 'Bayern',
    })
    const html = (await client.get(`/petition/${petition.slug}`)).text()
    assert.include(html, 'data-testid="identity-requirement"')
    assert.include(html, 'Only residents of Bayern, Germany may sign.')
    assert.include(html, '/identity/city-id/start?petition=')
    assert.notInclude(html, 'data-testid="sign-form"')

    // The country's residents: the region is not named.
    petition.merge({ identityResidence: 'country' })
    await petition.save()
    assert.deepEqual((await pageProps(client, petition)).identityRequirement, {
      required: true,
      residence: 'country',
      country: 'DE',
      region: null,
    })
    // Nothing required: no statement, and the form as ever.
    petition.merge({ identityRequired: false, identityResidence: null })
    await petition.save()
    assert.isNull((await pageProps(client, petition)).identityRequirement)
    assert.include(
      (await client.get(`/petition/${petition.slug}`)).text(),
      'data-testid="sign-form"'
    )
  })

  test('with no provider left, a petition that requires a verified identity cannot be signed now; a site that forbids it requires nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(configure({ providers: [] }))
    const petition = await bavarianPetition()
    const props = await pageProps(client, petition)
    assert.equal(props.identityRequirement.residence, 'region')
    assert.deepEqual(props.identityProviders, [])
    const html = (await client.get(`/petition/${petition.slug}`)).text()
    assert.include(html, 'data-testid="signing-unavailable"')
    assert.notInclude(html, 'data-testid="sign-form"')

    env.set('VERIFIED_SIGNATURES_REQUIRED', 'forbidden')
    assert.isNull((await pageProps(client, petition)).identityRequirement)
    assert.include(
      (await client.get(`/petition/${petition.slug}`)).text(),
      'data-testid="sign-form"'
    )
  })
})

const provider = new TestOidcProvider()

test.group('A petition that takes only verified signatures, for a verified signer', (group) => {
  providerGroup(group, provider)

  test('once the signer’s identity is checked, the sign form is there as usual', async ({
    client,
    assert,
  }) => {
    const petition = await bavarianPetition()
    const signer = new SiteBrowser(client, GERMAN_HOST)
    const before = await signer.get(`/petition/${petition.slug}`)
    assert.notInclude(before.text(), 'data-testid="sign-form"')
    assert.include(before.text(), `/identity/${provider.key}/start?petition=${petition.guid}`)

    const start = await signer.get(`/identity/${provider.key}/start?petition=${petition.guid}`)
    const answer = await throughProvider(start.header('location')!)
    await backFromProvider(signer, client, answer)

    const after = await signer.get(`/petition/${petition.slug}`)
    after.assertStatus(200)
    assert.include(after.text(), 'data-testid="verified-identity"')
    assert.include(after.text(), 'data-testid="sign-form"')
    assert.include(after.text(), 'data-testid="identity-requirement"')
  })
})
