import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type Petition from '#models/petition'
import { signatureCounter } from '#runtime/signatures/counter'
import { channelOf } from '#runtime/live/live_count_messages'
import { addressBlock } from '#support/address_block'
import { liveStreamSlots } from '#runtime/live/live_stream_slots'
import { liveCountsHub } from '#runtime/live/live_counts'
import { MAX_STREAM_AGE_MS, SLOT_LEASE_MS, liveStreams } from '#runtime/live/live_streams'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import PetitionChanged from '#events/petition_changed'
import { countConfirmed, openStream, until, type LiveStream } from '#tests/helpers/live_counts'

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

test.group('Live counts: streams per address and per process', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const streams: LiveStream[] = []
  group.each.teardown(() => {
    for (const stream of streams.splice(0)) stream.close()
  })

  /** `count` streams of `petition` from `address`, as its pages open them. */
  async function openFrom(address: string, petition: Petition, count = 1) {
    const opened: LiveStream[] = []
    for (let index = 0; index < count; index++) {
      const stream = await openStream(
        { channel: channelOf(petition.guid) },
        { 'x-forwarded-for': address }
      )
      streams.push(stream)
      opened.push(stream)
    }
    return opened
  }

  const statuses = (opened: LiveStream[]) => opened.map((stream) => stream.status)

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
    // The worker hears each socket close a moment after its client saw the end.
    await until(() => liveStreams.count === 0, 'the worker holds no stream')
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
    const expected: Array<[Petition, number]> = [
      [draft, 404],
      [hidden, 404],
      [finished, 410],
      [pastItsDate, 410],
    ]
    for (const [petition, status] of expected) {
      const [stream] = await openFrom(address, petition)
      assert.equal(stream.status, status, petition.guid)
      assert.isTrue(stream.ended)
    }
    // Refusals take no slot.
    assert.equal(await slotsHeld(address), 0)
  })

  test('past the process’s stream cap a page is told to read the counts document, which shows each new count', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const channel = channelOf(petition.guid)
    const address = freshAddress()
    // This process holds two streams at most.
    await until(() => liveStreams.count === 0, 'the streams of earlier tests closed')
    const cap = liveStreams.caps.perProcess
    liveStreams.caps.perProcess = () => 2
    try {
      const [first, second, third] = await openFrom(address, petition, 3)
      assert.deepEqual(statuses([first, second]), [200, 200])
      assert.isFalse(first.ended || second.ended)
      // The third page is answered at once: no stream, no slot, a poll every second instead.
      assert.equal(third.status, 200)
      await until(() => third.ended, 'the answer of the third')
      assert.deepEqual(third.poll, { every: 1000 })
      assert.lengthOf(third.messages, 0)
      assert.equal(await slotsHeld(address), 2)
      assert.equal(liveCountsHub.streamsOf(channel), 2)
    } finally {
      liveStreams.caps.perProcess = cap
    }

    // The document: public JSON that nginx keeps a second, with the counts a stream would hear.
    const before = await client.get(`/petition/${petition.guid}/counts`)
    before.assertStatus(200)
    before.assertHeader('content-type', 'application/json; charset=utf-8')
    assert.match(String(before.header('cache-control')), /^public, s-maxage=1\b/)
    assert.isUndefined(before.header('set-cookie'))
    assert.include(before.body(), { totalSignatures: 0 })

    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Ivan',
      email: 'ivan@example.org',
    }).create()
    await countConfirmed(petition, [{ score: 1 }])
    await signatureCounter.flush()
    await PetitionChanged.handled()
    // The flush that moved the count refreshed this process's copy at once.
    const after = (await client.get(`/petition/${petition.guid}/counts`)).body()
    assert.include(after, { totalSignatures: 1, supportCount: 1 })
    assert.equal(after.lastSignatures[0].user.firstName, 'Ivan')
    assert.notInclude(JSON.stringify(after), 'ivan@example.org')
  })

  test('the counts document of a closed petition is gone for good, of a hidden one never there', async ({
    client,
  }) => {
    const finished = await PetitionFactory.apply('finished').with('user').create()
    const hidden = await PetitionFactory.apply('hidden').with('user').create()
    ;(await client.get(`/petition/${finished.guid}/counts`)).assertStatus(410)
    ;(await client.get(`/petition/${hidden.guid}/counts`)).assertStatus(404)
  })
})
