import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignature } from '#runtime/signatures/count_deltas'
import { channelOf, liveCountsMessages, openCounts } from '#runtime/live/live_count_messages'
import Signature from '#models/signature'
import LastSignatureTransformer from '#transformers/last_signature_transformer'
import { pageSignature } from '#shared/petitions/live_signatures'
import { UserFactory } from '#database/factories/user_factory'
import { liveCounts, liveCountsHub } from '#runtime/live/live_counts'
import { PASS_INTERVAL_MS } from '#runtime/live/stream_hub'
import { PetitionFactory } from '#database/factories/petition_factory'
import PaperSignatureBatch from '#models/paper_signature_batch'
import PetitionChanged from '#events/petition_changed'
import { decidePaperBatch } from '#services/petitions/paper_signatures'
import { makeModerator } from '#tests/helpers/moderation'
import { SignatureFactory } from '#database/factories/signature_factory'
import {
  countConfirmed,
  messagesDuring,
  openStream,
  until,
  watch,
  type LiveStream,
} from '#tests/helpers/live_counts'

test.group('Live counts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const streams: LiveStream[] = []
  group.each.teardown(() => {
    for (const stream of streams.splice(0)) stream.close()
  })

  test('a flush sends one message per petition it moved, with the public counts and last signatures', async ({
    assert,
  }) => {
    const first = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ targetSignatures: 100 })
      .with('user')
      .create()
    const second = await PetitionFactory.apply('published').with('user').create()
    const stream = await watch(first)
    const other = await watch(second)
    streams.push(stream, other)
    assert.equal(stream.status, 200)
    assert.match(String(stream.headers['content-type']), /^text\/event-stream/)
    assert.isUndefined(stream.headers['content-encoding'])

    await SignatureFactory.merge({
      petitionId: first.id,
      firstName: 'Olena',
      email: 'olena.koval@example.org',
    }).create()
    await SignatureFactory.apply('anonymous')
      .merge({
        petitionId: first.id,
        firstName: 'Taras',
        lastName: 'Hidden',
        email: 'taras.hidden@example.org',
      })
      .create()
    await SignatureFactory.apply('opposing')
      .merge({ petitionId: first.id, firstName: 'Marta', email: 'marta@example.org' })
      .create()
    await SignatureFactory.merge({
      petitionId: second.id,
      firstName: 'Jonas',
      email: 'jonas@example.org',
    }).create()
    // Watched from the first count on: a flush the counter scheduled itself
    // may take some of the counts before the explicit one.
    const seen = await messagesDuring(async () => {
      await countConfirmed(first, [{ score: 1 }, { score: 1 }, { score: -1 }])
      await countConfirmed(second, [{ score: 1 }])
      await signatureCounter.flush()
    })
    assert.sameMembers(
      seen.map(({ channel }) => channel),
      [channelOf(first.guid), channelOf(second.guid)]
    )
    const payload = seen.find(({ channel }) => channel === channelOf(first.guid))!.payload
    assert.containsSubset(payload, {
      supportCount: 2,
      opposeCount: 1,
      totalSignatures: 3,
      percentage: 2,
      positivePercentage: 66.7,
      negativePercentage: 33.3,
    })
    assert.lengthOf(payload.lastSignatures, 3)
    const hidden = payload.lastSignatures.find((signature) => signature.anonymous)!
    assert.equal(hidden.user.firstName, '')
    assert.sameMembers(
      payload.lastSignatures.map((signature) => signature.user.firstName),
      ['Olena', '', 'Marta']
    )
    const text = JSON.stringify(seen)
    assert.notInclude(text, '@example.org')
    assert.notInclude(text, 'Taras')
    assert.notInclude(text, 'Hidden')

    // Each page's stream reads its own petition's message, once.
    await until(() => stream.messages.length >= 1 && other.messages.length >= 1, 'the messages')
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.lengthOf(stream.messages, 1)
    assert.deepEqual(stream.messages[0], {
      channel: channelOf(first.guid),
      payload,
      at: stream.messages[0].at,
    })
    assert.deepEqual(
      other.messages.map(({ channel }) => channel),
      [channelOf(second.guid)]
    )
  })

  test("a live update's signers show the page's own avatars, from their letters and colour", async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await UserFactory.merge({ avatar: '/uploads/avatars/member.png' }).create()
    const plain = await UserFactory.merge({ firstName: 'Юлія', lastName: 'Ігнатенко' }).create()
    const names = ['Olena Koval', 'Jonas Berg', 'Ada Lovelace', 'Émile Zola', 'Taras Shevchenko']
    for (const [index, name] of names.entries()) {
      const [firstName, lastName] = name.split(' ')
      await SignatureFactory.merge({
        petitionId: petition.id,
        firstName,
        lastName,
        email: `signer.${index}@example.org`,
        comment: 'I sign this for my street and my neighbours.',
        private: index === 4,
        confirmedAt: DateTime.utc().minus({ minutes: index }),
      }).create()
    }
    for (const [index, user] of [member, plain].entries()) {
      await SignatureFactory.merge({
        petitionId: petition.id,
        userId: user.id,
        firstName: user.firstName,
        lastName: user.lastName ?? undefined,
        email: user.email,
        confirmedAt: DateTime.utc().minus({ minutes: 10 + index }),
      }).create()
    }
    const [{ message }] = await liveCountsMessages(await openCounts({ ids: [petition.id] }))

    const page = await Signature.query()
      .where('petition_id', petition.id)
      .orderBy('confirmed_at', 'desc')
      .preload('user')
    assert.deepEqual(
      message.lastSignatures.map(pageSignature),
      page.map((signature) => new LastSignatureTransformer(signature, '').toObject())
    )
    // Only a picture someone uploaded travels as an address; the others as their letters.
    const avatars = message.lastSignatures.map((signature) => signature.user.avatar)
    assert.deepEqual(avatars.at(-2), '/uploads/avatars/member.png')
    assert.containsSubset(avatars.at(-1), { initials: 'ЮІ' })
    assert.notInclude(JSON.stringify(message), 'data:image')
    // Ten such signers make a message of about 2 KB (6 KB with their data URLs).
    const perSigner = JSON.stringify(message.lastSignatures).length / message.lastSignatures.length
    assert.isBelow(perSigner, 200)
  })

  test('a verified batch of paper signatures reaches open pages at once, its paper count apart', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    streams.push(await watch(petition))
    const batch = await PaperSignatureBatch.create({
      petitionId: petition.id,
      recordedBy: petition.userId,
      signatures: 75,
      place: 'Market',
      collectedOn: DateTime.utc(),
      photoPath: null,
      status: 'pending',
    })
    const moderator = await makeModerator()
    const seen = await messagesDuring(async () => {
      await decidePaperBatch(moderator, petition, batch.id, 'verify', null)
      await PetitionChanged.handled()
    })
    assert.lengthOf(seen, 1)
    assert.include(seen[0].payload, { supportCount: 75, paperCount: 75, totalSignatures: 75 })
  })

  test('nothing is sent when a flush moves no count', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    streams.push(await watch(petition))
    assert.lengthOf(await messagesDuring(() => signatureCounter.flush()), 0)
    // A confirmation and a withdrawal in the same second cancel out.
    await db.transaction(async (trx) => {
      await countSignature(trx, { petitionId: petition.id, score: 1, country: null }, 1)
      await countSignature(trx, { petitionId: petition.id, score: 1, country: null }, -1)
    })
    assert.lengthOf(await messagesDuring(() => signatureCounter.flush()), 0)
    // The poll of a worker without Redis finds nothing new either.
    await liveCounts.poll()
    assert.lengthOf(await messagesDuring(() => liveCounts.poll()), 0)
  })

  test('a flush in another worker reaches this worker’s streams through its poll, once', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    streams.push(await watch(petition))
    await liveCounts.poll()
    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Ivan',
      email: 'ivan@example.org',
    }).create()
    // Another process applied the delta: this one sees only the row.
    await db.from('petitions').where('id', petition.id).increment('support_count', 1)
    const seen = await messagesDuring(() => liveCounts.poll())
    assert.lengthOf(seen, 1)
    assert.equal(seen[0].payload.totalSignatures, 1)
    assert.equal(seen[0].payload.lastSignatures[0].user.firstName, 'Ivan')
    assert.lengthOf(await messagesDuring(() => liveCounts.poll()), 0)
  })

  test('counts that move again within the second reach a stream once that second is over, the newest only', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const stream = await watch(petition)
    streams.push(stream)
    // Three flushes in a row, each moving the count by one.
    for (let count = 0; count < 3; count++) {
      await countConfirmed(petition, [{ score: 1 }])
      await signatureCounter.flush()
      await PetitionChanged.handled()
    }
    await until(() => stream.messages.length === 2, 'the second message', 150)
    await new Promise((resolve) => setTimeout(resolve, PASS_INTERVAL_MS + 200))
    const [first, last] = stream.messages
    assert.lengthOf(stream.messages, 2)
    assert.equal(first.payload.totalSignatures, 1)
    // The second count was replaced by the third before its turn came.
    assert.equal(last.payload.totalSignatures, 3)
    assert.isAtLeast(last.at - first.at, PASS_INTERVAL_MS - 50)
    assert.isBelow(last.at - first.at, PASS_INTERVAL_MS + 400)
  })

  test('a draft, a finished and an unknown petition get no stream, and their counts reach no one', async ({
    assert,
  }) => {
    const open = await PetitionFactory.apply('published').with('user').create()
    const draft = await PetitionFactory.with('user').create()
    const finished = await PetitionFactory.apply('finished').with('user').create()
    const stream = await watch(open)
    streams.push(stream)
    for (const [guid, status] of [
      [draft.guid, 404],
      [finished.guid, 410],
      [randomUUID(), 404],
    ] as const) {
      const refused = await openStream({ channel: channelOf(guid) })
      streams.push(refused)
      assert.equal(refused.status, status)
      assert.equal(liveCountsHub.streamsOf(channelOf(guid)), 0)
    }
    // Counts moving on a draft (a test can force it) are sent to no one.
    const seen = await messagesDuring(async () => {
      await countConfirmed(draft, [{ score: 1 }])
      await signatureCounter.flush()
    })
    assert.lengthOf(seen, 0)
    assert.lengthOf(stream.messages, 0)
  })

  test('malformed stream requests are refused with a 400', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const channel = channelOf(petition.guid)
    const queries = [
      '',
      `uid=${randomUUID()}`,
      'channel=users/1',
      `channel=${channel.toUpperCase()}`,
      `channel=${channel}&channel=${channel}`,
      `channel=${channel}x`,
    ]
    for (const query of queries) {
      const response = await fetch(`http://localhost:${env.get('PORT')}/__transmit/events?${query}`)
      assert.equal(response.status, 400, query)
    }
    // A page of an older bundle also sends a stream id: it is ignored.
    const older = await openStream({ uid: randomUUID(), channel })
    streams.push(older)
    assert.equal(older.status, 200)
  })
})
