import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import testUtils from '@adonisjs/core/services/test_utils'
import { liveCountsHub } from '#runtime/live/live_counts'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignature } from '#runtime/signatures/count_deltas'
import { recountSignatures } from '#services/signatures/recount'
import { channelOf } from '#runtime/live/live_count_messages'
import { makeMember } from '#tests/helpers/auth'
import { inertiaPage } from '#tests/helpers/inertia'
import { openEventStream } from '#tests/helpers/event_stream'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const POSTAL_CODE = 'PC-9Z7Q'
const EMAIL = 'private.signer@example.org'
const MEMBER_POSTAL_CODE = 'PC-4M8K'
const MEMBER_EMAIL = 'member.signer@example.org'

async function until(condition: () => boolean, what: string) {
  for (let waited = 0; waited < 150; waited++) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** A petition asking for postal codes, signed by a guest and by a member who gave theirs. */
async function signedPetition() {
  const petition = await PetitionFactory.apply('published')
    .merge({ askPostalCode: true, allowComments: true })
    .with('user')
    .create()
  const signer = await makeMember({ email: MEMBER_EMAIL, firstName: 'Mirela' })
  await SignatureFactory.merge({
    petitionId: petition.id,
    firstName: 'Inês',
    email: EMAIL,
    country: 'PT',
    postalCode: POSTAL_CODE,
    comment: 'Signed with a postal code.',
  }).create()
  await SignatureFactory.merge({
    petitionId: petition.id,
    userId: signer.id,
    firstName: 'Mirela',
    email: MEMBER_EMAIL,
    country: 'RO',
    postalCode: MEMBER_POSTAL_CODE,
  }).create()
  return petition
}

function assertPrivate(assert: Assert, text: string, where: string) {
  for (const secret of [EMAIL, MEMBER_EMAIL, POSTAL_CODE, MEMBER_POSTAL_CODE]) {
    assert.notInclude(text, secret, where)
  }
}

/**
 * A signer's e-mail address and postal code are for the petition's owner:
 * no public answer carries them, to a guest or to another member, in any
 * language, however the page or its data is asked for.
 */
test.group("Signers' privacy in public answers", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('no e-mail address and no postal code in the public page, its data or open data', async ({
    client,
    assert,
  }) => {
    const petition = await signedPetition()
    await recountSignatures(petition.id)
    const stranger = await makeMember()

    const paths = [
      `/petition/${petition.slug}`,
      `/petition/${petition.slug}.json`,
      `/petition/${petition.slug}/countries.json`,
      `/petition/${petition.slug}/history.json`,
      `/petition/${petition.slug}/history.csv`,
      `/petition/${petition.slug}/embed`,
      `/petition/${petition.slug}/poster`,
      '/petitions.json',
      '/petitions.csv',
      '/petitions',
      '/petitions?topic=environment',
      '/petitions/topics/environment.atom',
      '/',
    ]
    let answers = 0
    for (const host of ['undersign.test', 'pt.undersign.test']) {
      for (const path of paths) {
        for (const member of [null, stranger]) {
          for (const inertia of [false, true]) {
            const request = client.get(path).header('host', host)
            if (inertia) request.withInertia()
            if (member) request.loginAs(member)
            const response = await request
            assert.isBelow(response.status(), 400, `${host}${path}`)
            assertPrivate(assert, response.text(), `${host}${path}`)
            answers++
          }
        }
      }
    }
    assert.equal(answers, 104)

    // The answers above did hold the signatures: the last-signatures list
    // names both signers, and open data counts their countries.
    const page = inertiaPage(
      await client.get(`/petition/${petition.slug}`).withInertia().loginAs(stranger)
    )
    assert.sameMembers(
      page.props.lastSignatures.map((signature: { user: { firstName: string } }) => {
        return signature.user.firstName
      }),
      ['Inês', 'Mirela']
    )
    assert.include(JSON.stringify(page.props.lastSignatures), 'Signed with a postal code.')
    const data = (await client.get(`/petition/${petition.slug}.json`)).body()
    assert.sameMembers(
      data.signaturesByCountry.map((country: { code: string }) => country.code),
      ['PT', 'RO']
    )

    // The owner does see both, on their signatures page and in its export.
    const owned = await client.get(`/petition/${petition.guid}/signatures`).loginAs(petition.user)
    for (const secret of [EMAIL, MEMBER_EMAIL, POSTAL_CODE, MEMBER_POSTAL_CODE]) {
      assert.include(owned.text(), secret)
    }
  })

  test('the live updates of the petition page carry neither', async ({ assert }) => {
    const petition = await signedPetition()
    const stream = await openEventStream<{ lastSignatures: unknown[] }>(
      { host: 'localhost', port: env.get('PORT') },
      { channel: channelOf(petition.guid) }
    )
    try {
      await until(() => liveCountsHub.streamsOf(channelOf(petition.guid)) === 1, 'the stream')
      await db.transaction(async (trx) => {
        for (const country of ['PT', 'RO'])
          await countSignature(trx, { petitionId: petition.id, score: 1, country }, 1)
      })
      await signatureCounter.flush()
      await until(
        () => stream.messages.some(({ payload }) => payload.lastSignatures.length === 2),
        'the update naming both signers'
      )
      const text = JSON.stringify(stream.messages)
      assert.include(text, 'Mirela')
      assertPrivate(assert, text, 'the live stream')
    } finally {
      stream.close()
    }
  })
})
