import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import type User from '#models/user'
import PaperSignatureBatch from '#models/paper_signature_batch'
import SignatureInvalidation from '#models/signature_invalidation'
import { signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import BlockedEmailDomain from '#models/blocked_email_domain'
import PetitionChanged from '#events/petition_changed'
import { makeModerator } from '#tests/helpers/moderation'
import { queriesDuring } from '#tests/helpers/database'
import {
  confirmationPath,
  parseCsv,
  sign,
  signatureRows,
  withdrawPath,
} from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { forgetSigningRules } from '#runtime/caches/process_caches'

/** What the public is told does not count, on the page (props) and in open data, once flushed. */
async function publicNumbers(client: ApiClient, petition: Petition) {
  await signatureCounter.flush()
  await PetitionChanged.handled()
  const page = await client.get(`/petition/${petition.slug}`).withInertia()
  const json = (await client.get(`/petition/${petition.slug}.json`)).body()
  const removedOnPage = page.inertiaProps.moderatorRemovals.reduce(
    (sum: number, removal: { signaturesRemoved: number }) => sum + removal.signaturesRemoved,
    0
  )
  return {
    page: { ...page.inertiaProps.notCounted, removedOnPage },
    json: {
      removed: json.signaturesRemovedByModerators,
      stopped: json.signaturesStoppedByRules,
      deactivated: json.signaturesDeactivatedByOwner,
      paperRejected: json.paperSignaturesRejected,
    },
    text: JSON.stringify(page.inertiaProps) + JSON.stringify(json),
  }
}

function invalidateUnconfirmed(
  client: ApiClient,
  moderator: User,
  petition: Petition,
  upToId: number
) {
  return client
    .post(`/moderation/petitions/${petition.id}/invalidations`)
    .header('referer', `/moderation/petitions/${petition.id}`)
    .form({ unconfirmed: true, upToId, reason: 'Never confirmed: a script' })
    .withCsrfToken()
    .loginAs(moderator)
    .redirects(0)
}

function switchSignature(client: ApiClient, petition: Petition, id: number, active: boolean) {
  return client
    .patch(`/petition/${petition.guid}/signatures/${id}`)
    .json({ active })
    .withCsrfToken()
    .loginAs(petition.user)
    .redirects(0)
}

/** The counters agree with the rows: a recount changes nothing. */
async function assertExact(assert: { deepEqual: Function }, petition: Petition) {
  assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
}

test.group('What does not count, in the open', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    forgetSigningRules()
    await limiter.clear()
    return () => forgetSigningRules()
  })

  test('attack: an invalidation of unconfirmed signatures publishes those confirmed after it, and its undo takes them back', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const moderator = await makeModerator()
    for (const email of ['one@bots.test', 'two@bots.test', 'three@bots.test']) {
      await sign(client, petition, { email })
    }
    const [newest] = (await signatureRows(petition)).slice(-1)
    ;(await invalidateUnconfirmed(client, moderator, petition, newest.id)).assertStatus(302)
    // Nothing had counted yet: nothing is published yet.
    assert.containSubset(await publicNumbers(client, petition), {
      page: { removedByModerators: 0, removedOnPage: 0 },
      json: { removed: 0 },
    })

    // Two confirm later: they never count, and the public figure says so.
    for (const row of (await signatureRows(petition)).slice(0, 2)) {
      await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
    }
    const after = await publicNumbers(client, petition)
    assert.containSubset(after, {
      page: { removedByModerators: 2, removedOnPage: 2 },
      json: { removed: 2 },
    })
    const json = (await client.get(`/petition/${petition.slug}.json`)).body()
    assert.containSubset(json.invalidations, [{ signaturesRemoved: 2, undoneAt: null }])
    assert.equal(json.supportCount, 0)
    assert.notInclude(after.text, 'bots.test')
    await assertExact(assert, petition)

    // Undone: the two count, the figure is gone.
    const invalidation = await SignatureInvalidation.findByOrFail('petition_id', petition.id)
    await client
      .post(`/moderation/petitions/${petition.id}/invalidations/${invalidation.id}/undo`)
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    assert.containSubset(await publicNumbers(client, petition), { json: { removed: 0 } })
    assert.equal((await petition.refresh()).supportCount, 2)
    await assertExact(assert, petition)
  })

  test('signatures a rule stopped, the owner switched off and rejected paper are public numbers, never a signer', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await BlockedEmailDomain.create({ domain: 'blocked.test', reason: 'spam wave' })
    forgetSigningRules()
    await sign(client, petition, { email: 'ann@blocked.test' })
    await sign(client, petition, { email: 'ben@blocked.test' })
    await sign(client, petition, { email: 'cat@example.org' })
    await sign(client, petition, { email: 'dan@example.org' })
    const rows = await signatureRows(petition)
    const [ann, ben, cat, dan] = rows
    for (const row of [ann, cat, dan]) {
      await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
    }
    // Ben's is not confirmed: it would not have counted anyway, so it is not in the figure.
    assert.containSubset(await publicNumbers(client, petition), {
      page: { stoppedByRules: 1, deactivatedByOwner: 0 },
      json: { stopped: 1, deactivated: 0 },
    })

    // The owner switches one off and back on; then off, and its signer withdraws it.
    ;(await switchSignature(client, petition, cat.id, false)).assertStatus(302)
    assert.containSubset(await publicNumbers(client, petition), {
      page: { deactivatedByOwner: 1 },
      json: { deactivated: 1 },
    })
    await switchSignature(client, petition, cat.id, true)
    assert.containSubset(await publicNumbers(client, petition), { json: { deactivated: 0 } })
    await switchSignature(client, petition, cat.id, false)
    await client.post(withdrawPath(cat)).withCsrfToken().redirects(0)
    await client.post(withdrawPath(ann)).withCsrfToken().redirects(0)
    assert.containSubset(await publicNumbers(client, petition), {
      json: { stopped: 0, deactivated: 0 },
    })
    // Ben confirms days later: stopped, and counted as stopped.
    await client.post(confirmationPath(ben)).withCsrfToken().redirects(0)

    // A paper batch a moderator rejects: its number, with the others.
    const batch = await PaperSignatureBatch.create({
      petitionId: petition.id,
      recordedBy: petition.userId,
      signatures: 120,
      place: 'Market square',
      collectedOn: DateTime.fromISO('2026-03-07'),
      photoPath: null,
      status: 'pending',
    })
    await client
      .post(`/moderation/petitions/${petition.id}/paper/${batch.id}`)
      .form({ decision: 'reject', reason: 'The photo shows blank sheets' })
      .withCsrfToken()
      .loginAs(await makeModerator())
      .redirects(0)
    const numbers = await publicNumbers(client, petition)
    assert.containSubset(numbers, {
      page: { stoppedByRules: 1, paperRejected: 120 },
      json: { stopped: 1, paperRejected: 120 },
    })
    for (const secret of ['blocked.test', 'ben@', 'example.org', 'blank sheets']) {
      assert.notInclude(numbers.text, secret)
    }
    await assertExact(assert, petition)

    // The list and its CSV give the same numbers per petition.
    const [listed] = (await client.get('/petitions.json')).body().data
    assert.containSubset(listed, { signaturesStoppedByRules: 1, paperSignaturesRejected: 120 })
    const [header, row] = parseCsv(
      (await client.get('/petitions.csv')).text().replace(/^\uFEFF/, '')
    )
    const cell = (column: string) => row[header.indexOf(column)]
    assert.equal(cell('signaturesStoppedByRules'), '1')
    assert.equal(cell('signaturesDeactivatedByOwner'), '0')
    assert.equal(cell('signaturesRemovedByModerators'), '0')
    assert.equal(cell('paperSignaturesRejected'), '120')
  })

  test('the numbers cost the page nothing per signature', async ({ client, assert }) => {
    const pageQueries = async (stopped: number) => {
      const petition = await PetitionFactory.apply('published').with('user').create()
      await SignatureFactory.merge({
        petitionId: petition.id,
        active: false,
        blockedRule: 'blocked_network',
      }).createMany(stopped)
      await recountSignatures(petition.id)
      const queries = await queriesDuring(() => client.get(`/petition/${petition.slug}`))
      return queries.filter((sql) => /signature/i.test(sql))
    }
    const few = await pageQueries(1)
    const many = await pageQueries(40)
    assert.isNotEmpty(few)
    assert.deepEqual(many, few)
    // Counters and the few rows of invalidations and batches: never a count of signature rows.
    assert.isFalse(few.some((sql) => /count\(/i.test(sql) && /from "signatures"/i.test(sql)))
    assert.isFalse(few.some((sql) => /blocked_rule/i.test(sql)))
  })
})
