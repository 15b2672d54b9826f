import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import type User from '#models/user'
import { ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'
import { makeMember } from '#tests/helpers/auth'
import { outbox } from '#tests/helpers/outbox'
import { confirmationPath, sign, signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'

/** A guest's private, confirmed signature with `email`. */
async function privateSignature(client: ApiClient, email: string) {
  const petition = await PetitionFactory.apply('published').with('user').create()
  await sign(client, petition, { email, private: true })
  const [row] = await signatureRows(petition)
  await client.post(confirmationPath(row)).withCsrfToken()
  return petition
}

/** What the petition page tells `member` about their own signature. */
async function pageAs(client: ApiClient, petition: Petition, member: User) {
  const page = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(member)
  const { whenISignedThisPetition, canSignPetition } = page.inertiaProps
  return { whenISignedThisPetition, canSignPetition }
}

/**
 * "You signed this petition on …" must not tell an account about someone
 * else's signature: an account sees a signature by e-mail only when it is
 * verified and the signature has exactly its address. (Each test holds one
 * account per mailbox at a time.)
 */
test.group('Security: whose signature a member page shows', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('an unverified account with a +tag or dotted variant of a signer’s address sees nothing', async ({
    client,
    assert,
  }) => {
    const petition = await privateSignature(client, 'olena.koval@gmail.com')
    for (const variant of ['olena.koval+spy@gmail.com', 'o.l.e.n.a.koval@googlemail.com']) {
      const attacker = await makeMember({ email: variant, role: ROLE_UNVERIFIED })
      assert.deepEqual(
        await pageAs(client, petition, attacker),
        { whenISignedThisPetition: null, canSignPetition: true },
        variant
      )
      await attacker.delete()
    }
  })

  test('an unverified account with the exact address sees nothing until it is verified', async ({
    client,
    assert,
  }) => {
    const petition = await privateSignature(client, 'Olena.Koval@Example.org')
    const account = await makeMember({ email: 'olena.koval@example.org', role: ROLE_UNVERIFIED })
    assert.deepEqual(await pageAs(client, petition, account), {
      whenISignedThisPetition: null,
      canSignPetition: true,
    })

    account.role = ROLE_MEMBER
    await account.save()
    const verified = await pageAs(client, petition, account)
    assert.isString(verified.whenISignedThisPetition)
    assert.isFalse(verified.canSignPetition)
  })

  test('a verified account sees a signature of its exact address, not of a variant', async ({
    client,
    assert,
  }) => {
    const petition = await privateSignature(client, 'olena.koval+petitions@gmail.com')
    const variant = await makeMember({ email: 'olena.koval@gmail.com' })
    assert.deepEqual(await pageAs(client, petition, variant), {
      whenISignedThisPetition: null,
      canSignPetition: true,
    })
    await variant.delete()

    const owner = await makeMember({ email: 'olena.koval+petitions@gmail.com' })
    const page = await pageAs(client, petition, owner)
    assert.isString(page.whenISignedThisPetition)
    assert.isFalse(page.canSignPetition)
  })
})
