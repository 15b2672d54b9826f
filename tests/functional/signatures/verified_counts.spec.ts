import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import type Signature from '#models/signature'
import SignatureInvalidation from '#models/signature_invalidation'
import type User from '#models/user'
import { signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { anonymiseSignatures } from '#services/signatures/personal_data'
import { countLines, petitionProgress } from '#shared/petitions/progress'
import { networkHash } from '#support/signer_traces'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { makeModerator } from '#tests/helpers/moderation'
import { confirmationPath, withdrawPath } from '#tests/helpers/signatures'
import { plainSignature, verifiedSignature } from '#tests/helpers/verified_signatures'

const SUSPECT_NETWORK = networkHash('203.0.113.9')!

/** The petition's counts once the recorded deltas are applied. */
async function flushedCounts(petition: Petition) {
  await signatureCounter.flush()
  const fresh = await Petition.findOrFail(petition.id)
  return { support: fresh.supportCount, oppose: fresh.opposeCount, verified: fresh.verifiedCount }
}

async function verifiedCountOf(petition: Petition) {
  return (await Petition.findOrFail(petition.id)).verifiedCount
}

function switchSignature(client: ApiClient, owner: User, signature: Signature, active: boolean) {
  return client
    .patch(`/petition/${signature.petition.guid}/signatures/${signature.id}`)
    .json({ active })
    .withCsrfToken()
    .loginAs(owner)
    .redirects(0)
}

test.group('Verified counts: the counter', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('counted verified signatures move verified_count, the hour and the page; others do not', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition').create()
    await verifiedSignature(petition)
    await verifiedSignature(petition, { score: -1 })
    await plainSignature(petition)
    assert.deepEqual(await flushedCounts(petition), { support: 2, oppose: 1, verified: 2 })

    const [hour] = await db.from('petition_hourly_signatures').where('petition_id', petition.id)
    assert.equal(Number(hour.count), 3)
    assert.equal(Number(hour.verified), 2)

    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaProps.petition.verifiedCount, 2)
    assert.isFalse(page.inertiaProps.petition.identityRequired)
    // Beside the total, in the page as the server renders it (in Ukrainian on its site).
    const html = await client.get(`/petition/${petition.slug}`).header('host', 'uk.undersign.test')
    assert.match(html.text(), /data-testid="verified-count"[^>]*>2 перевірені підписи</)
    const plain = await PetitionFactory.apply('published').create()
    assert.notInclude((await client.get(`/petition/${plain.slug}`)).text(), 'verified-count')
    // The live counts an open page follows carry it too.
    const live = await client.get(`/petition/${petition.guid}/counts`)
    live.assertStatus(200)
    assert.equal(live.body().verifiedCount, 2)
  })

  test('the count says the verified signatures when there are some or only those are taken', async ({
    assert,
  }) => {
    const lines = (verifiedCount: number, identityRequired: boolean) =>
      countLines({
        ...petitionProgress({
          supportCount: 5,
          opposeCount: 0,
          paperCount: 0,
          verifiedCount,
          targetSignatures: 100,
        }),
        allowOpposite: false,
        targetSignatures: 100,
        identityRequired,
      }).map((line) => line.key)
    assert.deepEqual(lines(0, false), ['page.show.signatures_of'])
    assert.deepEqual(lines(3, false), ['page.show.signatures_of', 'page.show.verified'])
    assert.deepEqual(lines(0, true), ['page.show.signatures_of', 'page.show.verified'])
  })

  test('a withdrawal through the mailed link lowers it', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').create()
    const signature = await verifiedSignature(petition)
    await plainSignature(petition)
    assert.deepEqual(await flushedCounts(petition), { support: 2, oppose: 0, verified: 1 })

    const path = withdrawPath({ id: signature.id, confirmation_token: signature.confirmationToken })
    ;(await client.post(path).withCsrfToken().redirects(0)).assertStatus(302)
    assert.deepEqual(await flushedCounts(petition), { support: 1, oppose: 0, verified: 0 })
  })

  test('a confirmation counts the row as it is: with its provider, a verified one', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').create()
    const waiting = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id, identityProvider: 'test-id' })
      .create()
    const path = confirmationPath({ id: waiting.id, confirmation_token: waiting.confirmationToken })
    ;(await client.post(path).withCsrfToken().redirects(0)).assertStatus(302)
    assert.deepEqual(await flushedCounts(petition), { support: 1, oppose: 0, verified: 1 })
  })

  test('the owner switching it off lowers it, switching it on again raises it', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signature = await verifiedSignature(petition)
    await signature.load('petition')
    assert.equal((await flushedCounts(petition)).verified, 1)

    ;(await switchSignature(client, petition.user, signature, false)).assertStatus(302)
    assert.deepEqual(await flushedCounts(petition), { support: 0, oppose: 0, verified: 0 })
    ;(await switchSignature(client, petition.user, signature, true)).assertStatus(302)
    assert.deepEqual(await flushedCounts(petition), { support: 1, oppose: 0, verified: 1 })
  })

  test('a moderators’ invalidation lowers it, its undoing raises it', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const moderator = await makeModerator()
    const suspect = await verifiedSignature(petition, { networkHash: SUSPECT_NETWORK })
    await verifiedSignature(petition)
    assert.equal((await flushedCounts(petition)).verified, 2)

    const invalidated = await client
      .post(`/moderation/petitions/${petition.id}/invalidations`)
      .header('referer', `/moderation/petitions/${petition.id}`)
      .form({ network: SUSPECT_NETWORK, upToId: suspect.id, reason: 'One network at night' })
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    invalidated.assertStatus(302)
    assert.deepEqual(await flushedCounts(petition), { support: 1, oppose: 0, verified: 1 })

    const invalidation = await SignatureInvalidation.findByOrFail('petitionId', petition.id)
    const undone = await client
      .post(`/moderation/petitions/${petition.id}/invalidations/${invalidation.id}/undo`)
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    undone.assertStatus(302)
    assert.deepEqual(await flushedCounts(petition), { support: 2, oppose: 0, verified: 2 })
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
  })

  test('the recount rebuilds verified_count from the rows, anonymised ones included', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').create()
    const erased = await verifiedSignature(petition)
    await plainSignature(petition)
    // The provider is no personal datum: anonymisation keeps it, and the signature still counts.
    await db.transaction((trx) => anonymiseSignatures(trx, (query) => query.where('id', erased.id)))
    // Uncounted rows: switched off by the owner, never confirmed.
    await SignatureFactory.apply('inactive')
      .merge({ petitionId: petition.id, identityProvider: 'test-id' })
      .create()
    await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id, identityProvider: 'test-id' })
      .create()
    await signatureCounter.flush()
    await recountSignatures(petition.id)
    assert.equal(await verifiedCountOf(petition), 1)

    await db.from('petitions').where('id', petition.id).update({ verified_count: 7 })
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 1 })
    assert.equal(await verifiedCountOf(petition), 1)
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
  })
})
