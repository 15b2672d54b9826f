import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import type Signature from '#models/signature'
import User, { ROLE_MODERATOR } from '#models/user'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { makeMember } from '#tests/helpers/auth'
import { submitPetition } from '#tests/helpers/petitions'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

/** Everything a petition's manager can do with its signers' data, and with the petition itself. */
async function useSignersData(
  client: ApiClient,
  who: User,
  petition: Petition,
  signature: Signature
) {
  const page = `/petition/${petition.guid}/signatures`
  ;(await client.get(page).loginAs(who)).assertStatus(200)
  const csv = await client.post(`${page}/download`).withCsrfToken().loginAs(who)
  csv.assertStatus(200)
  for (const active of [false, true]) {
    ;(
      await client
        .patch(`${page}/${signature.id}`)
        .json({ active })
        .header('referer', page)
        .withCsrfToken()
        .loginAs(who)
        .redirects(0)
    ).assertStatus(302)
  }
  ;(await submitPetition(client, who, petition.guid, { title: 'A safer crossing' })).assertStatus(
    302
  )
}

const trailOf = async (petition: Petition) =>
  (await trailOfPetition(petition.id)).map((entry) => ({
    action: entry.action,
    actorId: entry.actorId,
    signatureId: entry.signatureId,
  }))

test.group("Moderation: a moderator's use of signers' data is in the trail", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test("viewing, exporting, deactivating and reactivating another owner's signatures, and editing the petition, each write an entry", async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signature = await SignatureFactory.merge({
      petitionId: petition.id,
      email: 'olena@example.org',
    }).create()

    await useSignersData(client, moderator, petition, signature)

    const by = { actorId: moderator.id }
    assert.deepEqual(await trailOf(petition), [
      { action: 'signatures_viewed', ...by, signatureId: null },
      { action: 'signatures_exported', ...by, signatureId: null },
      { action: 'signature_deactivated', ...by, signatureId: signature.id },
      { action: 'signature_reactivated', ...by, signatureId: signature.id },
      { action: 'petition_edited', ...by, signatureId: null },
    ])
  })

  test("the owner's own use is not moderation and writes nothing, even when the owner is a moderator", async ({
    assert,
    client,
  }) => {
    for (const role of [1, ROLE_MODERATOR]) {
      const owner = await makeMember({ role })
      const petition = await PetitionFactory.apply('published').merge({ userId: owner.id }).create()
      const signature = await SignatureFactory.merge({ petitionId: petition.id }).create()
      await useSignersData(client, owner, petition, signature)
      assert.deepEqual(await trailOf(petition), [])
    }
  })

  test('a petition whose owner deleted their account is another owner’s', async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const signature = await SignatureFactory.merge({ petitionId: petition.id }).create()
    petition.userId = null
    await petition.save()
    await User.query().where('id', owner.id).delete()

    await useSignersData(client, moderator, petition, signature)
    assert.deepEqual(
      (await trailOf(petition)).map((entry) => entry.action),
      [
        'signatures_viewed',
        'signatures_exported',
        'signature_deactivated',
        'signature_reactivated',
        'petition_edited',
      ]
    )
  })

  test('setting a signature to the state it already has is no use of it: nothing recorded', async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signature = await SignatureFactory.merge({ petitionId: petition.id }).create()
    ;(
      await client
        .patch(`/petition/${petition.guid}/signatures/${signature.id}`)
        .json({ active: true })
        .withCsrfToken()
        .loginAs(moderator)
        .redirects(0)
    ).assertStatus(302)
    assert.deepEqual(await trailOf(petition), [])
  })
})
