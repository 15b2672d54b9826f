import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import type User from '#models/user'
import { SignatureFactory } from '#database/factories/signature_factory'
import { makeMember } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { inertiaPage } from '#tests/helpers/inertia'
import { newGuid, submitPetition } from '#tests/helpers/petitions'
import {
  BAVARIA,
  UNREACHED_PROVIDER as PROVIDER,
  configureIdentity as configure,
} from '#tests/helpers/identity_settings'

const REGION_ONLY = { ...BAVARIA, identityRequired: true, identityResidence: 'region' }
const english = (key: string) => i18nManager.locale('en').t(`validator.shared.messages.${key}`)

async function editForm(client: ApiClient, member: User, guid: string) {
  return inertiaPage(await client.get(`/petition/${guid}/edit`).withInertia().loginAs(member))
}

test.group('A petition’s identity settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('with a provider and the site allowing it, the owner takes only verified signatures of their region, and the form shows them', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(configure({ providers: [PROVIDER] }))
    const member = await makeMember()
    const blank = inertiaPage(await client.get('/petition/create').withInertia().loginAs(member))
    assert.deepEqual(blank.props.identityOptions, { shown: true, locked: false })
    assert.isFalse(blank.props.petition.identityRequired)
    assert.isNull(blank.props.petition.identityResidence)

    const guid = newGuid()
    ;(await submitPetition(client, member, guid, REGION_ONLY)).assertStatus(302)
    const petition = await Petition.findByOrFail('guid', guid)
    assert.isTrue(petition.identityRequired)
    assert.equal(petition.identityResidence, 'region')

    const edit = await editForm(client, member, guid)
    assert.deepEqual(edit.props.identityOptions, { shown: true, locked: false })
    assert.isTrue(edit.props.petition.identityRequired)
    assert.equal(edit.props.petition.identityResidence, 'region')

    // Loosened while nobody has signed: anyone verified; then off, which drops the residence.
    await submitPetition(client, member, guid, { ...REGION_ONLY, identityResidence: null })
    await petition.refresh()
    assert.isTrue(petition.identityRequired)
    assert.isNull(petition.identityResidence)
    await submitPetition(client, member, guid, { ...BAVARIA, identityResidence: 'country' })
    await petition.refresh()
    assert.isFalse(petition.identityRequired)
    assert.isNull(petition.identityResidence)
  })

  for (const [what, settings] of [
    ['no identity provider is configured', { providers: [] }],
    ['the site forbids it', { providers: [PROVIDER], verifiedSignatures: 'forbidden' }],
  ] as const) {
    test(`when ${what}, the options are hidden and what is sent is ignored`, async ({
      client,
      assert,
      cleanup,
    }) => {
      cleanup(configure(settings))
      const member = await makeMember()
      const blank = inertiaPage(await client.get('/petition/create').withInertia().loginAs(member))
      assert.deepEqual(blank.props.identityOptions, { shown: false, locked: false })

      const guid = newGuid()
      ;(await submitPetition(client, member, guid, REGION_ONLY)).assertStatus(302)
      const petition = await Petition.findByOrFail('guid', guid)
      assert.isFalse(petition.identityRequired)
      assert.isNull(petition.identityResidence)
      // Not even the place is checked: a residence with no place is no error when ignored.
      const placeless = { identityRequired: true, identityResidence: 'region', country: null }
      ;(await submitPetition(client, member, guid, placeless)).assertStatus(302)
      assert.deepEqual(fieldErrors(await submitPetition(client, member, guid, placeless)), {})
      assert.deepEqual((await editForm(client, member, guid)).props.identityOptions, {
        shown: false,
        locked: false,
      })
    })
  }

  test('a residence needs the petition’s place: its country, and for a region its region too', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(configure({ providers: [PROVIDER] }))
    const member = await makeMember()
    const guid = newGuid()
    const noCountry = await submitPetition(client, member, guid, {
      identityRequired: true,
      identityResidence: 'country',
    })
    assert.deepEqual(fieldErrors(noCountry), {
      identityResidence: [english('identityResidence.needsCountry')],
    })
    const noRegion = await submitPetition(client, member, guid, {
      identityRequired: true,
      identityResidence: 'region',
      country: 'DE',
      region: '   ',
    })
    assert.deepEqual(fieldErrors(noRegion), {
      identityResidence: [english('identityResidence.needsRegion')],
    })
    const unknown = await submitPetition(client, member, guid, {
      ...REGION_ONLY,
      identityResidence: 'planet',
    })
    assert.property(fieldErrors(unknown), 'identityResidence')
    assert.isNull(await Petition.findBy('guid', guid), 'nothing saved')
    // The same residence without the switch is no requirement, and no error.
    const off = await submitPetition(client, member, guid, { identityResidence: 'country' })
    off.assertStatus(302)
    assert.isNull((await Petition.findByOrFail('guid', guid)).identityResidence)
  })

  for (const state of ['confirmed', 'waiting for its link'] as const) {
    test(`once the petition has a signature (${state}), the settings and the place they name stay as they are`, async ({
      client,
      assert,
      cleanup,
    }) => {
      cleanup(configure({ providers: [PROVIDER] }))
      const member = await makeMember()
      const guid = newGuid()
      await submitPetition(client, member, guid, REGION_ONLY)
      const petition = await Petition.findByOrFail('guid', guid)
      const signature = SignatureFactory.merge({ petitionId: petition.id })
      await (state === 'confirmed' ? signature : signature.apply('unconfirmed')).create()

      const edit = await editForm(client, member, guid)
      assert.deepEqual(edit.props.identityOptions, { shown: true, locked: true })

      const locked = english('identityRequired.locked')
      for (const [change, field, message] of [
        [{ identityRequired: false }, 'identityRequired', locked],
        [
          { identityResidence: 'country' },
          'identityResidence',
          english('identityResidence.locked'),
        ],
        [{ identityResidence: null }, 'identityResidence', english('identityResidence.locked')],
        [{ country: 'AT' }, 'country', english('country.identityLocked')],
        [{ region: 'Sachsen' }, 'region', english('region.identityLocked')],
      ] as const) {
        const response = await submitPetition(client, member, guid, { ...REGION_ONLY, ...change })
        assert.deepEqual(fieldErrors(response), { [field]: [message] }, JSON.stringify(change))
      }
      // Unchanged, or left out, they stand while the rest of the petition is edited.
      for (const sent of [REGION_ONLY, BAVARIA]) {
        const response = await submitPetition(client, member, guid, { ...sent, title: 'New' })
        assert.deepEqual(fieldErrors(response), {})
      }
      await petition.refresh()
      assert.equal(petition.title, 'New')
      assert.isTrue(petition.identityRequired)
      assert.equal(petition.identityResidence, 'region')
      assert.equal(petition.region, 'Bayern')
    })
  }

  test('a petition without a residence may change its place after signatures, not its switch', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(configure({ providers: [PROVIDER] }))
    const member = await makeMember()
    const guid = newGuid()
    const verifiedOnly = { ...BAVARIA, identityRequired: true, identityResidence: null }
    await submitPetition(client, member, guid, verifiedOnly)
    const petition = await Petition.findByOrFail('guid', guid)
    await SignatureFactory.merge({ petitionId: petition.id }).create()
    const moved = await submitPetition(client, member, guid, { ...verifiedOnly, country: 'AT' })
    assert.deepEqual(fieldErrors(moved), {})
    await petition.refresh()
    assert.equal(petition.country, 'AT')
    assert.isTrue(petition.identityRequired)
  })

  test('another member can neither change the settings nor see the form', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(configure({ providers: [PROVIDER] }))
    const owner = await makeMember()
    const other = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid)
    const response = await submitPetition(client, other, guid, REGION_ONLY)
    response.assertStatus(403)
    const petition = await Petition.findByOrFail('guid', guid)
    assert.isFalse(petition.identityRequired)
    assert.isNull(petition.identityResidence)
    const form = await client.get(`/petition/${guid}/edit`).withInertia().loginAs(other)
    form.assertStatus(403)

    // A draft is not even there for them.
    await submitPetition(client, owner, guid, { published: false })
    ;(await submitPetition(client, other, guid, REGION_ONLY)).assertStatus(404)
    await petition.refresh()
    assert.isFalse(petition.identityRequired)
  })
})
