import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import { PetitionFactory } from '#database/factories/petition_factory'
import { identityHashOf } from '#services/identity/identity_check'
import { flashed, makeMember } from '#tests/helpers/auth'
import { parseCsv, sign, signForm } from '#tests/helpers/signatures'
import User from '#models/user'
import Petition from '#models/petition'
import { signatureCounter } from '#runtime/signatures/counter'
import {
  backFromProvider,
  providerGroup,
  GERMAN_HOST,
  SiteBrowser,
  TestOidcProvider,
  throughProvider,
} from '#tests/helpers/oidc_provider'

const provider = new TestOidcProvider()
const german = (key: string, params?: Record<string, string>) =>
  i18nManager.locale('de').t(key, params)

/** A German signer's browser, back from the provider's login as `login` with a check for `petition`. */
async function verifiedSigner(client: ApiClient, petition: Petition, login = 'alice-42') {
  const signer = new SiteBrowser(client, GERMAN_HOST)
  const start = await signer.get(`/identity/${provider.key}/start?petition=${petition.guid}`)
  start.assertStatus(302)
  const answer = await throughProvider(start.header('location')!, login)
  ;(await backFromProvider(signer, client, answer)).landing.assertStatus(302)
  return signer
}

function signFrom(
  signer: SiteBrowser,
  petition: Petition,
  overrides: Record<string, unknown> = {}
) {
  return signer.post(`/petition/${petition.guid}/sign`, signForm(petition, overrides))
}

/** The petition's counts once the counter has applied what was recorded. */
async function countsOf(petition: Petition) {
  await signatureCounter.flush()
  return Petition.findOrFail(petition.id)
}

const signaturesOf = (petition: Petition) =>
  db.from('signatures').where('petition_id', petition.id).orderBy('id')

test.group('Signing with a verified identity', (group) => {
  providerGroup(group, provider)

  test('a verified signature counts at once, keeps the hash and no claim the petition does not ask for', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signer = await verifiedSigner(client, petition)
    const answer = await signFrom(signer, petition, { email: 'alice@example.org' })
    answer.assertStatus(302)

    const [row] = await signaturesOf(petition)
    assert.isNotNull(row.confirmed_at)
    assert.equal(row.identity_provider, provider.key)
    assert.equal(row.identity_hash, identityHashOf(provider.issuer, 'alice-42'))
    // The petition asks for no residence: the provider's country and region are not kept.
    assert.deepEqual(JSON.parse(row.identity_claims), {})
    assert.notInclude(JSON.stringify(row), 'alice-42')
    const counts = await countsOf(petition)
    assert.equal(counts.supportCount, 1)
    assert.equal(counts.verifiedCount, 1)
    // The owner's export says the signature is verified, and nothing of who the signer is.
    const owner = await User.findOrFail(petition.userId)
    const download = await client
      .post(`/petition/${petition.guid}/signatures/download`)
      .withCsrfToken()
      .loginAs(owner)
    const [header, signed] = parseCsv(download.text().slice(1))
    assert.equal(header.at(-1), 'Identity verified')
    assert.equal(signed.at(-1), 'Yes')
    assert.notInclude(download.text(), row.identity_hash)
    // The check is used up: the form is back to its unverified state.
    const page = await signer.get(`/petition/${petition.slug}`, { inertia: true })
    assert.isNull((page.body().props as Record<string, any>).verifiedIdentity)
  })

  test('the same person is refused on the same petition from another browser and another e-mail', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signFrom(await verifiedSigner(client, petition), petition, { email: 'one@example.org' })

    const again = await verifiedSigner(client, petition)
    const refused = await signFrom(again, petition, { email: 'two@example.org' })
    refused.assertStatus(302)
    assert.equal(
      flashed(refused, 'messages', 'warning'),
      german('page.sign_refusal.already_signed')
    )
    const rows = await signaturesOf(petition)
    assert.deepEqual(
      rows.map((row) => row.email),
      ['one@example.org']
    )
    // Refused: the second check stays unused (rolled back with the sign).
    const unused = await db.from('identity_verifications').whereNull('used_at')
    assert.lengthOf(unused, 1)
    assert.equal((await countsOf(petition)).supportCount, 1)

    // Another person signs the same petition alike.
    provider.accounts.set('bruno-7', { country: 'AT', region: 'W' })
    const bruno = await verifiedSigner(client, petition, 'bruno-7')
    await signFrom(bruno, petition, { email: 'bruno@example.org' })
    assert.equal((await countsOf(petition)).verifiedCount, 2)
  })

  test('a petition restricted to a region refuses a verified signer from elsewhere, and keeps the asked claims of one from there', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ country: 'DE', region: 'by ', identityRequired: true, identityResidence: 'region' })
      .with('user')
      .create()
    provider.accounts.set('berta-3', { country: 'DE', region: 'BE' })
    const elsewhere = await verifiedSigner(client, petition, 'berta-3')
    const refused = await signFrom(elsewhere, petition, { email: 'berta@example.org' })
    assert.equal(
      flashed(refused, 'messages', 'warning'),
      german('page.sign_refusal.residence', { place: 'by, Deutschland' })
    )
    assert.lengthOf(await signaturesOf(petition), 0)

    // A plain sign is refused too: a residence needs a verified identity.
    const plain = await sign(client, petition, { email: 'plain@example.org' })
    assert.equal(
      flashed(plain, 'messages', 'warning'),
      i18nManager.locale('en').t('page.sign_refusal.required')
    )

    const resident = await verifiedSigner(client, petition)
    await signFrom(resident, petition, { email: 'alice@example.org' })
    const [row] = await signaturesOf(petition)
    assert.equal(row.email, 'alice@example.org')
    assert.deepEqual(JSON.parse(row.identity_claims), { country: 'DE', region: 'BY' })
    assert.equal((await countsOf(petition)).supportCount, 1)
  })

  test('a petition requiring verified signatures refuses a plain one, and with no provider left, every one', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ identityRequired: true })
      .with('user')
      .create()
    const refused = await sign(client, petition, { email: 'plain@example.org' })
    refused.assertStatus(302)
    assert.equal(
      flashed(refused, 'messages', 'warning'),
      i18nManager.locale('en').t('page.sign_refusal.required')
    )
    assert.lengthOf(await signaturesOf(petition), 0)

    // Its page says every signature it counts was verified: without a provider none gets in.
    provider.configureSite([])
    ;(await sign(client, petition, { email: 'plain@example.org' })).assertStatus(302)
    assert.lengthOf(await signaturesOf(petition), 0)
  })

  test('a check for another petition does not make a sign verified, nor stop it', async ({
    assert,
    client,
  }) => {
    const checked = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    const signer = await verifiedSigner(client, checked)
    ;(await signFrom(signer, other, { email: 'alice@example.org' })).assertStatus(302)
    const [row] = await signaturesOf(other)
    assert.isNull(row.identity_hash)
    assert.isNull(row.confirmed_at)
    // Still there for the petition it was made for.
    await signFrom(signer, checked, { email: 'alice@example.org' })
    assert.equal((await signaturesOf(checked))[0].identity_provider, provider.key)
  })

  test('an address with an unconfirmed signature is taken over by the verified signer, and counted once', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'alice@example.org', firstName: 'Mallory' })
    const signer = await verifiedSigner(client, petition)
    await signFrom(signer, petition, { email: 'alice@example.org' })
    const rows = await signaturesOf(petition)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].first_name, 'Olena')
    assert.isNotNull(rows[0].confirmed_at)
    assert.equal(rows[0].identity_provider, provider.key)
    const counts = await countsOf(petition)
    assert.equal(counts.supportCount, 1)
    assert.equal(counts.verifiedCount, 1)
  })

  test('a member whose account carries a linked identity signs verified without a new check, and that person cannot sign again through one', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember({ email: 'linked@example.org' })
    await member
      .merge({
        identityProvider: provider.key,
        identityHash: identityHashOf(provider.issuer, 'alice-42'),
        identityClaims: { country: 'DE', region: 'BY' },
      })
      .save()
    ;(await sign(client, petition, {}, member)).assertStatus(302)
    const [row] = await signaturesOf(petition)
    assert.equal(row.email, 'linked@example.org')
    assert.isNotNull(row.confirmed_at)
    assert.equal(row.identity_hash, member.identityHash)

    const again = await verifiedSigner(client, petition)
    const refused = await signFrom(again, petition, { email: 'other@example.org' })
    assert.equal(
      flashed(refused, 'messages', 'warning'),
      german('page.sign_refusal.already_signed')
    )
    assert.lengthOf(await signaturesOf(petition), 1)
  })
})
