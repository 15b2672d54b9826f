import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import type Petition from '#models/petition'
import { countSignature, signatureCounter } from '#services/signatures/counter'
import { channelOf, liveCounts, type LiveCountsMessage } from '#services/petitions/live_counts'
import { addSignature, makePetition } from '#tests/helpers/signatures'
import { openEventStream, type EventStream } from '#tests/helpers/event_stream'

type Stream = EventStream<LiveCountsMessage>

function openStream(query: Record<string, string>): Promise<Stream> {
  return openEventStream<LiveCountsMessage>({ host: 'localhost', port: env.get('PORT') }, query)
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
    for (const { score } of signatures) await countSignature(trx, petition.id, score, 1)
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
    const { petition: first } = await makePetition({ allowOpposite: true, targetSignatures: 100 })
    const { petition: second } = await makePetition()
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

    await addSignature(first, { firstName: 'Olena', email: 'olena.koval@example.org' })
    await addSignature(first, {
      firstName: 'Taras',
      lastName: 'Hidden',
      email: 'taras.hidden@example.org',
      private: true,
    })
    await addSignature(first, { firstName: 'Marta', email: 'marta@example.org', score: -1 })
    await addSignature(second, { firstName: 'Jonas', email: 'jonas@example.org' })
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

  test('nothing is broadcast when a flush moves no count', async ({ assert }) => {
    const { petition } = await makePetition()
    streams.push(await watch(petition))
    assert.lengthOf(await broadcastsDuring(() => signatureCounter.flush()), 0)
    // A confirmation and a withdrawal in the same second cancel out.
    await db.transaction(async (trx) => {
      await countSignature(trx, petition.id, 1, 1)
      await countSignature(trx, petition.id, 1, -1)
    })
    assert.lengthOf(await broadcastsDuring(() => signatureCounter.flush()), 0)
    // The poll of a worker without Redis finds nothing new either.
    await liveCounts.poll()
    assert.lengthOf(await broadcastsDuring(() => liveCounts.poll()), 0)
  })

  test('a flush in another worker reaches this worker’s streams through its poll, once', async ({
    assert,
  }) => {
    const { petition } = await makePetition()
    const stream = await watch(petition)
    streams.push(stream)
    await liveCounts.poll()
    await addSignature(petition, { firstName: 'Ivan', email: 'ivan@example.org' })
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
    const { petition: draft } = await makePetition({ published: false })
    const { petition: finished } = await makePetition()
    await finished.merge({ finished: true }).save()
    const uid = randomUUID()
    const stream = await openStream({ uid, channel: channelOf(draft.guid) })
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
    const { petition } = await makePetition()
    const queries: Array<Record<string, string>> = [
      {},
      { uid: 'x' },
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
