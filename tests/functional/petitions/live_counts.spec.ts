import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import type Petition from '#models/petition'
import { countSignature, signatureCounter } from '#services/signatures/counter'
import { channelOf, liveCounts, type LiveCountsMessage } from '#services/petitions/live_counts'
import { openEventStream, type EventStream } from '#tests/helpers/event_stream'
import { addressBlock } from '#support/address_block'
import { liveStreamSlots } from '#services/petitions/live_stream_slots'
import { MAX_STREAM_AGE_MS, SLOT_LEASE_MS, liveStreams } from '#services/petitions/live_streams'
import { PetitionFactory } from '#database/factories/petition_factory'
import PaperSignatureBatch from '#models/paper_signature_batch'
import PetitionChanged from '#events/petition_changed'
import { decidePaperBatch } from '#services/petitions/paper_signatures'
import { makeModerator } from '#tests/helpers/moderation'
import { SignatureFactory } from '#database/factories/signature_factory'

type Stream = EventStream<LiveCountsMessage>

function openStream(
  query: Record<string, string>,
  headers: Record<string, string> = {}
): Promise<Stream> {
  return openEventStream<LiveCountsMessage>(
    { host: 'localhost', port: env.get('PORT') },
    query,
    headers
  )
}

async function until(condition: () => boolean, what: string) {
  for (let waited = 0; waited < 100; waited++) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** A stream joined to the petition's channel, as the page opens it. */
async function watch(petition: Petition) {
  const uid = randomUUID()
  const stream = await openStream({ uid, channel: channelOf(petition.guid) })
  await until(
    () => transmit.getSubscribersFor(channelOf(petition.guid)).includes(uid),
    'the subscription'
  )
  return stream
}

/** Confirmed signatures counted as a confirmation counts them, in one transaction. */
async function countConfirmed(petition: Petition, signatures: Array<{ score: number }>) {
  await db.transaction(async (trx) => {
    for (const { score } of signatures)
      await countSignature(trx, { petitionId: petition.id, score: score, country: null }, 1)
  })
}

/** Every broadcast made while `action` runs. */
async function broadcastsDuring(action: () => Promise<unknown>) {
  const seen: Array<{ channel: string; payload: LiveCountsMessage }> = []
  const stop = transmit.on('broadcast', ({ channel, payload }) => {
    seen.push({ channel, payload: payload as unknown as LiveCountsMessage })
  })
  try {
    await action()
    // Transmit tells its listeners a tick after the broadcast.
    await new Promise((resolve) => setTimeout(resolve, 20))
  } finally {
    stop()
  }
  return seen
}

test.group('Live counts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const streams: Stream[] = []
  group.each.teardown(() => {
    for (const stream of streams.splice(0)) stream.close()
  })

  test('a flush broadcasts once per petition it moved, with the public counts and last signatures', async ({
    assert,
    client,
  }) => {
    const first = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ targetSignatures: 100 })
      .with('user')
      .create()
    const second = await PetitionFactory.apply('published').with('user').create()
    const stream = await watch(first)
    streams.push(stream)
    assert.equal(stream.status, 200)
    assert.match(String(stream.headers['content-type']), /^text\/event-stream/)
    assert.isUndefined(stream.headers['content-encoding'])
    // The same stream joins the second petition with Transmit's subscribe request.
    const subscribed = await client
      .post('/__transmit/subscribe')
      .json({ uid: stream.uid, channel: channelOf(second.guid) })
      .withCsrfToken()
    subscribed.assertStatus(204)

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
    const seen = await broadcastsDuring(async () => {
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

    // What the page's stream read is that same message, once per petition.
    await until(() => stream.messages.length >= 2, 'the stream messages')
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.lengthOf(stream.messages, 2)
    assert.deepEqual(
      stream.messages.find(({ channel }) => channel === channelOf(first.guid))!.payload,
      payload
    )
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
    const seen = await broadcastsDuring(async () => {
      await decidePaperBatch(moderator, petition, batch.id, 'verify', null)
      await PetitionChanged.handled()
    })
    assert.lengthOf(seen, 1)
    assert.include(seen[0].payload, { supportCount: 75, paperCount: 75, totalSignatures: 75 })
  })

  test('nothing is broadcast when a flush moves no count', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    streams.push(await watch(petition))
    assert.lengthOf(await broadcastsDuring(() => signatureCounter.flush()), 0)
    // A confirmation and a withdrawal in the same second cancel out.
    await db.transaction(async (trx) => {
      await countSignature(trx, { petitionId: petition.id, score: 1, country: null }, 1)
      await countSignature(trx, { petitionId: petition.id, score: 1, country: null }, -1)
    })
    assert.lengthOf(await broadcastsDuring(() => signatureCounter.flush()), 0)
    // The poll of a worker without Redis finds nothing new either.
    await liveCounts.poll()
    assert.lengthOf(await broadcastsDuring(() => liveCounts.poll()), 0)
  })

  test('a flush in another worker reaches this worker’s streams through its poll, once', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const stream = await watch(petition)
    streams.push(stream)
    await liveCounts.poll()
    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Ivan',
      email: 'ivan@example.org',
    }).create()
    // Another process applied the delta: this one sees only the row.
    await db.from('petitions').where('id', petition.id).increment('support_count', 1)
    const seen = await broadcastsDuring(() => liveCounts.poll())
    assert.lengthOf(seen, 1)
    assert.equal(seen[0].payload.totalSignatures, 1)
    assert.equal(seen[0].payload.lastSignatures[0].user.firstName, 'Ivan')
    assert.lengthOf(await broadcastsDuring(() => liveCounts.poll()), 0)
  })

  test('drafts, finished and unknown petitions give no subscription', async ({
    assert,
    client,
  }) => {
    const open = await PetitionFactory.apply('published').with('user').create()
    const draft = await PetitionFactory.with('user').create()
    const finished = await PetitionFactory.apply('finished').with('user').create()
    const uid = randomUUID()
    const stream = await openStream({ uid, channel: channelOf(open.guid) })
    streams.push(stream)
    for (const channel of [
      channelOf(draft.guid),
      channelOf(finished.guid),
      channelOf(randomUUID()),
    ]) {
      const response = await client
        .post('/__transmit/subscribe')
        .json({ uid, channel })
        .withCsrfToken()
      response.assertStatus(400)
      assert.notInclude(response.text(), draft.title)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.deepEqual(transmit.getSubscribersFor(channelOf(draft.guid)), [])
    assert.deepEqual(transmit.getSubscribersFor(channelOf(finished.guid)), [])

    // Counts moving on a draft (a test can force it) are sent to no one.
    const seen = await broadcastsDuring(async () => {
      await countConfirmed(draft, [{ score: 1 }])
      await signatureCounter.flush()
    })
    assert.lengthOf(seen, 0)
    assert.lengthOf(stream.messages, 0)
  })

  test('malformed stream and subscription requests are refused with a 400', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const queries: Array<Record<string, string>> = [
      {},
      { uid: 'x' },
      // A stream names the channel it is for.
      { uid: randomUUID() },
      { channel: channelOf(petition.guid) },
      { uid: randomUUID(), channel: 'users/1' },
    ]
    for (const query of queries) {
      const response = await fetch(
        `http://localhost:${env.get('PORT')}/__transmit/events?${new URLSearchParams(query)}`
      )
      assert.equal(response.status, 400)
    }
    for (const body of [
      {},
      { uid: randomUUID() },
      { uid: randomUUID(), channel: ['petitions', petition.guid] },
      { uid: 12, channel: channelOf(petition.guid) },
      { uid: randomUUID(), channel: channelOf(petition.guid).toUpperCase() },
    ]) {
      for (const path of ['/__transmit/subscribe', '/__transmit/unsubscribe']) {
        const response = await client.post(path).json(body).withCsrfToken()
        response.assertStatus(400)
      }
    }
    // A stream id that holds no stream subscribes nothing.
    const response = await client
      .post('/__transmit/subscribe')
      .json({ uid: randomUUID(), channel: channelOf(petition.guid) })
      .withCsrfToken()
    response.assertStatus(400)
  })
})

/** A documentation address (IPv6, in a /64 of its own) that no other test or run uses. */
function freshAddress() {
  const group = () => Math.floor(Math.random() * 0xffff).toString(16)
  return `2001:db8:${group()}:${group()}::1`
}

async function eventually(condition: () => Promise<boolean>, what: string) {
  for (let waited = 0; waited < 100; waited++) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** Slots of `address`'s block held now, in the store every worker shares. */
const slotsHeld = (address: string) => liveStreamSlots.held(addressBlock(address), Date.now())

test.group('Live counts: streams per address', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const streams: Stream[] = []
  group.each.teardown(() => {
    for (const stream of streams.splice(0)) stream.close()
  })

  /** `count` streams of `petition` from `address`, as its pages open them. */
  async function openFrom(address: string, petition: Petition, count = 1) {
    const opened: Stream[] = []
    for (let index = 0; index < count; index++) {
      const stream = await openStream(
        { uid: randomUUID(), channel: channelOf(petition.guid) },
        { 'x-forwarded-for': address }
      )
      streams.push(stream)
      opened.push(stream)
    }
    return opened
  }

  const statuses = (opened: Stream[]) => opened.map((stream) => stream.status)

  test('300 streams from one address leave at most 20 open, and the site keeps answering', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const attacker = freshAddress()
    // Ten one after the other, then the rest all at once, racing for the last slots.
    const attempts = await openFrom(attacker, petition, 10)
    attempts.push(
      ...(await Promise.all(Array.from({ length: 290 }, () => openFrom(attacker, petition)))).flat()
    )
    const answered = statuses(attempts)
    assert.equal(answered.filter((status) => status === 200).length, 20)
    assert.equal(answered.filter((status) => status === 429).length, 280)
    assert.isTrue(attempts.filter((stream) => stream.status === 429).every((s) => s.ended))
    assert.isFalse(attempts.filter((stream) => stream.status === 200).some((s) => s.ended))

    ;(await client.get('/')).assertStatus(200)
    ;(await client.get(`/petition/${petition.slug}`)).assertStatus(200)
    const [neighbour] = await openFrom(freshAddress(), petition)
    assert.equal(neighbour.status, 200)

    // The streams held are live: a count that moves reaches them.
    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Ivan',
      email: 'ivan@example.org',
    }).create()
    await countConfirmed(petition, [{ score: 1 }])
    await signatureCounter.flush()
    await until(() => neighbour.messages.length === 1, 'the update')
    await until(
      () => attempts.every((stream) => stream.status !== 200 || stream.messages.length === 1),
      'the update on every open stream'
    )
  })

  test('an IPv6 address counts with its whole /64', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const network = freshAddress().replace(/::1$/, '')
    for (let index = 1; index <= 20; index++) {
      const [stream] = await openFrom(`${network}::${index.toString(16)}`, petition)
      assert.equal(stream.status, 200)
    }
    const [sameNetwork] = await openFrom(`${network}:ffff:ffff:ffff:ffff`, petition)
    assert.equal(sameNetwork.status, 429)
    const [nextNetwork] = await openFrom(freshAddress(), petition)
    assert.equal(nextNetwork.status, 200)
  })

  test('a stream that closes gives its slot back', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const address = freshAddress()
    const [first] = await openFrom(address, petition, 20)
    assert.deepEqual(statuses(await openFrom(address, petition)), [429])
    // The page is closed.
    first.close()
    await eventually(async () => (await slotsHeld(address)) === 19, 'the slot given back')
    assert.deepEqual(statuses(await openFrom(address, petition, 2)), [200, 429])
  })

  test('a stream ends after 30 minutes and gives its slot back', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const address = freshAddress()
    const opened = await openFrom(address, petition, 20)
    assert.deepEqual([...new Set(statuses(opened))], [200])
    const now = Date.now()
    // Before its age a stream is kept, and its slot renewed past its lease.
    await liveStreams.sweep(now + MAX_STREAM_AGE_MS * 0.85)
    assert.equal(await liveStreamSlots.held(addressBlock(address), now + SLOT_LEASE_MS * 2), 20)
    assert.isFalse(opened.some((stream) => stream.ended))

    await liveStreams.sweep(now + MAX_STREAM_AGE_MS)
    await until(() => opened.every((stream) => stream.ended), 'the streams ended')
    await eventually(async () => (await slotsHeld(address)) === 0, 'the slots given back')
    assert.deepEqual(statuses(await openFrom(address, petition)), [200])
  })

  test('a stopping worker ends its streams and gives their slots back at once', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const address = freshAddress()
    const opened = await openFrom(address, petition, 3)
    assert.equal(await slotsHeld(address), 3)
    await liveStreams.endAll()
    assert.equal(await slotsHeld(address), 0)
    await until(() => opened.every((stream) => stream.ended), 'the streams ended')
    assert.equal(liveStreams.count, 0)
  })

  test('the slots of a worker that died expire; those of a running worker count', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const [dead, running] = [freshAddress(), freshAddress()]
    const now = Date.now()
    // Taken by other worker processes: one that stopped renewing them a lease ago, one that runs.
    const longAgo = now - SLOT_LEASE_MS - 1000
    for (let index = 0; index < 20; index++) {
      assert.isNotNull(
        await liveStreamSlots.take(
          addressBlock(dead),
          'a-worker-that-died',
          20,
          longAgo,
          longAgo + SLOT_LEASE_MS
        )
      )
      assert.isNotNull(
        await liveStreamSlots.take(
          addressBlock(running),
          'another-worker',
          20,
          now,
          now + SLOT_LEASE_MS
        )
      )
    }
    assert.deepEqual(statuses(await openFrom(dead, petition, 2)), [200, 200])
    assert.deepEqual(statuses(await openFrom(running, petition)), [429])
  })

  test('a stream must name an open petition: 404 for none the public sees, 410 for a closed one', async ({
    assert,
  }) => {
    const draft = await PetitionFactory.with('user').create()
    const hidden = await PetitionFactory.apply('hidden').with('user').create()
    const finished = await PetitionFactory.apply('finished').with('user').create()
    const pastItsDate = await PetitionFactory.apply('published')
      .merge({ closesAt: DateTime.utc().minus({ minutes: 1 }) })
      .with('user')
      .create()
    const address = freshAddress()
    const expected: Array<[string, number]> = [
      [channelOf(draft.guid), 404],
      [channelOf(hidden.guid), 404],
      [channelOf(randomUUID()), 404],
      [channelOf(finished.guid), 410],
      [channelOf(pastItsDate.guid), 410],
    ]
    for (const [channel, status] of expected) {
      const stream = await openStream(
        { uid: randomUUID(), channel },
        { 'x-forwarded-for': address }
      )
      streams.push(stream)
      assert.equal(stream.status, status, channel)
      assert.isTrue(stream.ended)
    }
    // Refusals take no slot.
    assert.equal(await slotsHeld(address), 0)
  })
})
