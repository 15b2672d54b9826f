import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import PaperSignatureBatch from '#models/paper_signature_batch'
import PetitionVersion from '#models/petition_version'
import SignatureInvalidation from '#models/signature_invalidation'
import type User from '#models/user'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { makeModerator } from '#tests/helpers/moderation'
import { PetitionFactory } from '#database/factories/petition_factory'

/** A published petition of `owner`'s, reported as spam, with a paper batch waiting and an earlier version. */
async function reportedPetitionOf(owner: User) {
  const petition = await PetitionFactory.merge({ userId: owner.id, title: 'Open the old mill' })
    .apply('published')
    .create()
  await PetitionReport.create({
    petitionId: petition.id,
    reporterKey: 'guest:abc',
    reason: 'spam',
    note: 'Bought signatures',
    locale: 'en',
  })
  const batch = await PaperSignatureBatch.create({
    petitionId: petition.id,
    recordedBy: owner.id,
    signatures: 100_000,
    place: 'Nowhere',
    collectedOn: DateTime.utc().minus({ days: 1 }),
    status: 'pending',
  })
  const version = await PetitionVersion.create({
    petitionId: petition.id,
    userId: owner.id,
    title: 'An older title',
    target: petition.target,
    description: petition.description,
    letters: [],
    substantive: true,
  })
  return { petition, batch, version }
}

/** Every moderation action the site offers on one petition, as a moderator would post it. */
function everyAction(
  client: ApiClient,
  who: User,
  petition: Petition,
  batch: number,
  version: number
) {
  const post = (url: string, form: Record<string, unknown>) =>
    client.post(url).form(form).withCsrfToken().loginAs(who).redirects(0)
  const base = `/moderation/petitions/${petition.id}`
  return {
    dismiss: () => post(`${base}/dismiss`, { reason: 'Fine as it is' }),
    hide: () => post(`${base}/hide`, { reason: 'spam', note: '' }),
    restore: () => post(`${base}/restore`, { reason: 'Back' }),
    close: () => post(`${base}/close`, { reason: 'Closed' }),
    reopen: () => post(`${base}/reopen`, { reason: 'Reopened' }),
    verifyPaper: () => post(`${base}/paper/${batch}`, { decision: 'verify' }),
    rejectPaper: () => post(`${base}/paper/${batch}`, { decision: 'reject', reason: 'No' }),
    invalidate: () =>
      post(`${base}/invalidations`, { unconfirmed: true, upToId: 1, reason: 'Cleaning' }),
    restoreVersion: () => post(`${base}/versions/${version}/restore`, {}),
    redactVersion: () => post(`${base}/versions/${version}/redact`, { reason: 'Private data' }),
    pause: () => post(`${base}/signing-pause`, { duration: 'day', reason: 'Calm down' }),
    resume: () =>
      client
        .delete(`${base}/signing-pause`)
        .form({ reason: 'Go on' })
        .withCsrfToken()
        .loginAs(who)
        .redirects(0),
  }
}

test.group('Moderation: nobody decides their own case', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a moderator who owns a petition takes no moderation action on it: 403 and nothing changes', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const { petition, batch, version } = await reportedPetitionOf(moderator)
    const actions = everyAction(client, moderator, petition, batch.id, version.id)

    for (const [name, act] of Object.entries(actions)) {
      const response = await act()
      assert.equal(response.status(), 403, `${name} on their own petition`)
    }

    const after = await Petition.findOrFail(petition.id)
    assert.equal(after.title, 'Open the old mill')
    assert.isNull(after.hiddenAt)
    assert.isNull(after.moderatorClosedAt)
    assert.isNull(after.signingPausedAt)
    assert.isNull(after.reviewedAt)
    assert.equal(after.supportCount, 0)
    assert.equal(after.paperCount, 0)
    await batch.refresh()
    assert.equal(batch.status, 'pending')
    const open = await PetitionReport.query()
      .where('petition_id', petition.id)
      .whereNull('resolved_at')
    assert.lengthOf(open, 1)
    assert.lengthOf(await SignatureInvalidation.query().where('petition_id', petition.id), 0)
    assert.lengthOf(await trailOfPetition(petition.id), 0)
  })

  test('its moderation page says that another moderator must decide, and another one can', async ({
    assert,
    client,
  }) => {
    const owner = await makeModerator({ email: 'owner-moderator@example.org' })
    const other = await makeModerator({ email: 'other-moderator@example.org', firstName: 'Ola' })
    const { petition, batch } = await reportedPetitionOf(owner)

    const ownView = await client
      .get(`/moderation/petitions/${petition.id}`)
      .withInertia()
      .loginAs(owner)
    ownView.assertStatus(200)
    assert.isTrue(ownView.inertiaProps.petition.ownPetition)
    const queue = await client.get('/moderation').withInertia().loginAs(owner)
    const queued = queue.inertiaProps.petitions.data.find(
      (row: { id: number }) => row.id === petition.id
    )
    assert.isTrue(queued.ownPetition)

    const otherView = await client
      .get(`/moderation/petitions/${petition.id}`)
      .withInertia()
      .loginAs(other)
    assert.isFalse(otherView.inertiaProps.petition.ownPetition)
    const html = await client.get(`/moderation/petitions/${petition.id}`).loginAs(owner)
    assert.include(html.text(), 'another moderator must decide')

    const { verifyPaper, dismiss } = everyAction(client, other, petition, batch.id, 0)
    ;(await verifyPaper()).assertStatus(302)
    ;(await dismiss()).assertStatus(302)
    await batch.refresh()
    assert.equal(batch.status, 'verified')
    const after = await Petition.findOrFail(petition.id)
    assert.equal(after.paperCount, 100_000)
    const trail = await trailOfPetition(petition.id)
    assert.sameMembers(
      trail.map((entry) => entry.action),
      ['paper_verified', 'reports_dismissed']
    )
  })

  test('a moderator decides no paper batch they recorded, on anyone’s petition', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published').with('user').create()
    const batch = await PaperSignatureBatch.create({
      petitionId: petition.id,
      recordedBy: moderator.id,
      signatures: 500,
      place: 'Town hall',
      collectedOn: DateTime.utc().minus({ days: 2 }),
      status: 'pending',
    })
    const response = await everyAction(client, moderator, petition, batch.id, 0).verifyPaper()
    response.assertStatus(403)
    await batch.refresh()
    assert.equal(batch.status, 'pending')
    await petition.refresh()
    assert.equal(petition.paperCount, 0)
  })
})
