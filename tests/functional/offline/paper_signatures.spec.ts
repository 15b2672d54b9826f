import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import sharp from 'sharp'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import PaperSignatureBatch from '#models/paper_signature_batch'
import type User from '#models/user'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { PRIVATE_DISK } from '#config/drive'
import { MAX_PENDING_PAPER_BATCHES } from '#shared/petitions/paper'
import { makeMember, flashed } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { assertFieldError, fieldErrors } from '#tests/helpers/validation'
import { fixture, jpegWithGps } from '#tests/helpers/images'
import { disksHolding, leftBehindByACopy } from '#tests/helpers/uploads'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const BATCH = { signatures: '120', place: 'Saturday market, Oak Hill', collectedOn: '2026-03-07' }

async function sheetPhoto() {
  return fixture('sheets.jpg', await jpegWithGps(1200, 900))
}

async function recordBatch(
  client: ApiClient,
  who: User,
  petition: Petition,
  fields: Record<string, string> = BATCH,
  photo: string | null = null
) {
  const request = client
    .post(`/petition/${petition.guid}/paper`)
    .header('referer', `http://undersign.test/petition/${petition.guid}/signatures`)
    .fields(fields)
    .withCsrfToken()
    .loginAs(who)
    .redirects(0)
  return photo === null ? request.file('photo', await sheetPhoto()) : request.file('photo', photo)
}

function decide(
  client: ApiClient,
  who: User,
  petition: Petition,
  batch: PaperSignatureBatch,
  decision: 'verify' | 'reject',
  reason = ''
) {
  return client
    .post(`/moderation/petitions/${petition.id}/paper/${batch.id}`)
    .header('referer', `http://undersign.test/moderation/petitions/${petition.id}`)
    .form({ decision, reason })
    .withCsrfToken()
    .loginAs(who)
    .redirects(0)
}

async function publishedWithSupport(online: number, target = 1000) {
  const petition = await PetitionFactory.merge({ targetSignatures: target })
    .apply('published')
    .with('user')
    .create()
  if (online > 0) {
    await SignatureFactory.merge({ petitionId: petition.id }).createMany(online)
    await recountSignatures(petition.id)
  }
  await petition.refresh()
  return petition
}

test.group('Paper signatures: the owner records a batch', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a batch waits for a moderator: nothing counts yet, its photo is private and stripped', async ({
    assert,
    client,
  }) => {
    const petition = await publishedWithSupport(3)
    const response = await recordBatch(client, petition.user, petition)
    response.assertStatus(302)
    assert.match(flashed(response, 'alerts', 'success')!, /moderator has verified/)

    const [batch] = await PaperSignatureBatch.query().where('petition_id', petition.id)
    assert.equal(batch.status, 'pending')
    assert.equal(batch.signatures, 120)
    assert.equal(batch.place, BATCH.place)
    assert.equal(batch.collectedOn.toISODate(), BATCH.collectedOn)
    await petition.refresh()
    assert.equal(petition.supportCount, 3)
    assert.equal(petition.paperCount, 0)

    // Kept on the private disk, re-encoded without the camera's GPS.
    assert.match(batch.photoPath!, /^private\/paper\/[\w-]+\/[\w-]+\.jpg$/)
    const stored = Buffer.from(await drive.use(PRIVATE_DISK).getBytes(batch.photoPath!))
    assert.isUndefined((await sharp(stored).metadata()).exif)
    // Never at a public address.
    const publicTry = await client.get(`/uploads/${batch.photoPath}`).redirects(0)
    assert.oneOf(publicTry.status(), [404])

    // Its owner sees it through the app, and the owner's page lists it.
    const photo = await client
      .get(`/petition/${petition.guid}/paper/${batch.id}/photo`)
      .loginAs(petition.user)
    photo.assertStatus(200)
    assert.equal(photo.header('content-type'), 'image/jpeg')
    assert.match(photo.header('cache-control') ?? '', /private/)
    const page = await client
      .get(`/petition/${petition.guid}/signatures`)
      .loginAs(petition.user)
      .withInertia()
    const props = page.inertiaProps as {
      paperBatches: Array<{ status: string; signatures: number; photoUrl: string }>
      canRecordOffline: boolean
    }
    assert.equal(props.paperBatches.length, 1)
    assert.equal(props.paperBatches[0].status, 'pending')
    assert.equal(
      props.paperBatches[0].photoUrl,
      `/petition/${petition.guid}/paper/${batch.id}/photo`
    )
    assert.isTrue(props.canRecordOffline)
  })

  test('only the owner records; a stranger and a moderator are refused, a guest is sent to log in', async ({
    assert,
    client,
  }) => {
    const petition = await publishedWithSupport(0)
    const stranger = await makeMember()
    const moderator = await makeModerator()
    ;(await recordBatch(client, stranger, petition)).assertStatus(403)
    ;(await recordBatch(client, moderator, petition)).assertStatus(403)
    const guest = await client
      .post(`/petition/${petition.guid}/paper`)
      .fields(BATCH)
      .file('photo', await sheetPhoto())
      .withCsrfToken()
      .redirects(0)
    assert.equal(guest.status(), 302)
    assert.match(guest.header('location') ?? '', /login/)
    assert.equal(await countBatches(petition), 0)
  })

  test('only the owner and moderators see the sheets: a stranger gets 403', async ({
    assert,
    client,
  }) => {
    const petition = await publishedWithSupport(0)
    await recordBatch(client, petition.user, petition)
    const [batch] = await PaperSignatureBatch.query().where('petition_id', petition.id)
    const url = `/petition/${petition.guid}/paper/${batch.id}/photo`
    ;(await client.get(url).loginAs(await makeMember())).assertStatus(403)
    const moderator = await makeModerator()
    ;(await client.get(url).loginAs(moderator)).assertStatus(200)
    // A moderator's look at the signers' names is on the record.
    const trail = await trailOfPetition(petition.id)
    assert.isTrue(trail.some((entry) => entry.action === 'signatures_viewed'))
    // Another petition's batch id is not found through this petition.
    const other = await publishedWithSupport(0)
    ;(
      await client.get(`/petition/${other.guid}/paper/${batch.id}/photo`).loginAs(other.user)
    ).assertStatus(404)
  })

  test('bad input gets its error under the field, and nothing is stored', async ({
    assert,
    client,
  }) => {
    const petition = await publishedWithSupport(0)
    const owner = petition.user
    for (const [fields, field] of [
      [{ ...BATCH, signatures: '0' }, 'signatures'],
      [{ ...BATCH, signatures: '12.5' }, 'signatures'],
      [{ ...BATCH, signatures: 'many' }, 'signatures'],
      [{ ...BATCH, signatures: '100001' }, 'signatures'],
      [{ ...BATCH, place: '' }, 'place'],
      [{ ...BATCH, collectedOn: '2999-01-01' }, 'collectedOn'],
      [{ ...BATCH, collectedOn: 'yesterday' }, 'collectedOn'],
    ] as const) {
      const response = await recordBatch(client, owner, petition, fields)
      response.assertStatus(302)
      assertFieldError(response, field)
    }
    const noPhoto = await client
      .post(`/petition/${petition.guid}/paper`)
      .header('referer', `http://undersign.test/petition/${petition.guid}/signatures`)
      .fields(BATCH)
      .withCsrfToken()
      .loginAs(owner)
      .redirects(0)
    assertFieldError(noPhoto, 'photo')
    const notAnImage = await fixture('sheets.jpg', 'name,city\nAlice,Oak Hill\n')
    const refused = await recordBatch(client, owner, petition, BATCH, notAnImage)
    refused.assertStatus(302)
    assert.match(fieldErrors(refused).photo[0], /PNG or JPEG/)
    assert.equal(await countBatches(petition), 0)
  })

  test('a Spanish owner reads the errors in Spanish', async ({ assert, client }) => {
    const petition = await publishedWithSupport(0)
    const response = await client
      .post(`/petition/${petition.guid}/paper`)
      .header('host', 'es.undersign.test')
      .header('referer', `http://es.undersign.test/petition/${petition.guid}/signatures`)
      .fields({ ...BATCH, signatures: '0' })
      .file('photo', await sheetPhoto())
      .withCsrfToken()
      .loginAs(petition.user)
      .redirects(0)
    const [message] = fieldErrors(response).signatures
    assert.notMatch(message, /signature/i)
    assert.match(message, /firma/i)
  })

  test(`at most ${MAX_PENDING_PAPER_BATCHES} batches wait at once`, async ({ assert, client }) => {
    const petition = await publishedWithSupport(0)
    await PaperSignatureBatch.createMany(
      Array.from({ length: MAX_PENDING_PAPER_BATCHES }, () => ({
        petitionId: petition.id,
        recordedBy: petition.userId,
        signatures: 10,
        place: 'Town hall',
        collectedOn: petition.createdAt,
        photoPath: null,
        status: 'pending' as const,
      }))
    )
    const response = await recordBatch(client, petition.user, petition)
    assert.match(flashed(response, 'alerts', 'error')!, /wait for a moderator/)
    assert.equal(await countBatches(petition), MAX_PENDING_PAPER_BATCHES)
  })

  test('the owner takes back a waiting batch, not a decided one', async ({ assert, client }) => {
    const petition = await publishedWithSupport(0)
    await recordBatch(client, petition.user, petition)
    await recordBatch(client, petition.user, petition, { ...BATCH, signatures: '7' })
    const [later, first] = await PaperSignatureBatch.query()
      .where('petition_id', petition.id)
      .orderBy('id', 'desc')
    await decide(client, await makeModerator(), petition, first, 'verify')
    const withdraw = (batch: PaperSignatureBatch) =>
      client
        .delete(`/petition/${petition.guid}/paper/${batch.id}`)
        .header('referer', `http://undersign.test/petition/${petition.guid}/signatures`)
        .withCsrfToken()
        .loginAs(petition.user)
        .redirects(0)
    assert.match(flashed(await withdraw(first), 'alerts', 'error')!, /already decided/)
    const photoPath = later.photoPath!
    await leftBehindByACopy(photoPath)
    assert.match(flashed(await withdraw(later), 'alerts', 'success')!, /taken back/)
    assert.equal(await countBatches(petition), 1)
    assert.deepEqual(await disksHolding(photoPath), [], 'the photo, from every disk')
    await petition.refresh()
    assert.equal(petition.paperCount, 120)
  })
})

test.group('Paper signatures: moderators verify or reject', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a verified batch counts once toward the total, the target and open data, shown apart', async ({
    assert,
    client,
  }) => {
    const petition = await publishedWithSupport(5, 100)
    await recordBatch(client, petition.user, petition)
    const [batch] = await PaperSignatureBatch.query().where('petition_id', petition.id)
    const moderator = await makeModerator()

    // Two moderators click at the same moment: it counts once.
    const other = await makeModerator()
    const answers = await Promise.all([
      decide(client, moderator, petition, batch, 'verify', 'Sheets checked against the photo'),
      decide(client, other, petition, batch, 'verify'),
    ])
    answers.forEach((answer) => answer.assertStatus(302))
    await petition.refresh()
    assert.equal(petition.supportCount, 125)
    assert.equal(petition.paperCount, 120)
    // The target (100) is reached by paper and online together.
    assert.isNotNull(petition.succeededAt)
    await batch.refresh()
    assert.equal(batch.status, 'verified')
    const verified = (await trailOfPetition(petition.id)).filter(
      (entry) => entry.action === 'paper_verified'
    )
    assert.lengthOf(verified, 1)
    assert.equal(verified[0].subject, String(batch.id))

    // A third click changes nothing.
    const again = await decide(client, moderator, petition, batch, 'verify')
    assert.match(flashed(again, 'alerts', 'info')!, /already decided/)
    await petition.refresh()
    assert.equal(petition.supportCount, 125)

    // The page and open data show both counts; a recount keeps the paper ones.
    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    const shown = (page.inertiaProps as any).petition
    assert.equal(shown.supportCount, 125)
    assert.equal(shown.paperCount, 120)
    assert.equal(shown.totalSignatures, 125)
    const open = await client.get(`/petition/${petition.slug}.json`)
    assert.equal(open.body().supportCount, 125)
    assert.equal(open.body().paperCount, 120)
    const recount = await recountSignatures(petition.id)
    assert.equal(recount.changed, 0)
    // Online signatures flushed on top still add up with the paper ones.
    await SignatureFactory.merge({ petitionId: petition.id }).create()
    await recountSignatures(petition.id)
    await petition.refresh()
    assert.equal(petition.supportCount, 126)
    assert.equal(petition.paperCount, 120)
    // The signers' table has none of them: a batch is one number, no rows.
    const signatures = await petition.related('signatures').query().count('* as total')
    assert.equal(Number(signatures[0].$extras.total), 6)
  })

  test('a rejection needs a reason; a verified batch rejected later leaves the counts once', async ({
    assert,
    client,
  }) => {
    const petition = await publishedWithSupport(2)
    await recordBatch(client, petition.user, petition)
    const [batch] = await PaperSignatureBatch.query().where('petition_id', petition.id)
    const moderator = await makeModerator()

    const noReason = await decide(client, moderator, petition, batch, 'reject')
    assertFieldError(noReason, 'reason')
    await decide(client, moderator, petition, batch, 'verify')
    await petition.refresh()
    assert.equal(petition.supportCount, 122)

    await Promise.all([
      decide(client, moderator, petition, batch, 'reject', 'The photo shows 40 names, not 120'),
      decide(client, moderator, petition, batch, 'reject', 'Duplicate'),
    ])
    await petition.refresh()
    assert.equal(petition.supportCount, 2)
    assert.equal(petition.paperCount, 0)
    await batch.refresh()
    assert.equal(batch.status, 'rejected')
    const owners = await client
      .get(`/petition/${petition.guid}/signatures`)
      .loginAs(petition.user)
      .withInertia()
    const [shown] = (owners.inertiaProps as any).paperBatches
    assert.equal(shown.status, 'rejected')
    assert.oneOf(shown.decisionReason, ['The photo shows 40 names, not 120', 'Duplicate'])
    assert.lengthOf(
      (await trailOfPetition(petition.id)).filter((entry) => entry.action === 'paper_rejected'),
      1
    )
    // Nothing more to decide.
    const again = await decide(client, moderator, petition, batch, 'verify')
    assert.match(flashed(again, 'alerts', 'info')!, /already decided/)
  })

  test('the owner cannot verify their own batch; a batch of another petition is not found', async ({
    assert,
    client,
  }) => {
    const petition = await publishedWithSupport(0)
    await recordBatch(client, petition.user, petition)
    const [batch] = await PaperSignatureBatch.query().where('petition_id', petition.id)
    ;(await decide(client, petition.user, petition, batch, 'verify')).assertStatus(403)
    const other = await publishedWithSupport(0)
    ;(await decide(client, await makeModerator(), other, batch, 'verify')).assertStatus(404)
    await petition.refresh()
    assert.equal(petition.paperCount, 0)
  })

  test('a petition with paper to verify waits in the queue, and its page lists the batch', async ({
    assert,
    client,
  }) => {
    const petition = await publishedWithSupport(0)
    const moderator = await makeModerator()
    // Reviewed already: only the paper brings it back.
    petition.reviewedAt = DateTime.utc()
    await petition.save()
    await recordBatch(client, petition.user, petition)
    const queue = await client.get('/moderation').loginAs(moderator).withInertia()
    const waiting = (queue.inertiaProps as any).petitions.data.find(
      (row: { id: number }) => row.id === petition.id
    )
    assert.equal(waiting.queueReason, 'paper_to_verify')
    assert.equal(waiting.pendingPaperBatches, 1)
    const file = await client
      .get(`/moderation/petitions/${petition.id}`)
      .loginAs(moderator)
      .withInertia()
    const [batch] = (file.inertiaProps as any).paperBatches
    assert.equal(batch.signatures, 120)
    assert.equal(batch.status, 'pending')

    const [row] = await PaperSignatureBatch.query().where('petition_id', petition.id)
    await decide(client, moderator, petition, row, 'verify')
    const after = await client.get('/moderation').loginAs(moderator).withInertia()
    assert.notOk(
      (after.inertiaProps as any).petitions.data.some(
        (entry: { id: number }) => entry.id === petition.id
      )
    )
    await signatureCounter.flush()
  })
})

async function countBatches(petition: Petition) {
  const [row] = await PaperSignatureBatch.query()
    .where('petition_id', petition.id)
    .count('* as total')
  return Number(row.$extras.total)
}
