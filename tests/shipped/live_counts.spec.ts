import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import redis from '@adonisjs/redis/services/main'
import { linkIn } from '#tests/shipped/support/mailbox'
import {
  DOMAIN,
  onRedis,
  processGone,
  serverProcesses,
  shippedApp,
  shippedDb,
  visitor,
} from '#tests/shipped/support/shipped_app'
import { createPetition, eventually, verifiedMember } from '#tests/shipped/support/journeys'
import { openEventStream, type EventStream } from '#tests/helpers/event_stream'

type Counts = { totalSignatures: number; lastSignatures: Array<{ user: { firstName: string } }> }

/**
 * The worker processes holding the live-stream slots of an address, one
 * entry per slot, from the store the built app's workers share (Redis, or
 * its database).
 */
async function slotHolders(address: string): Promise<string[]> {
  if (onRedis()) {
    const members = await redis.zrangebyscore(`live-streams:${address}`, `(${Date.now()}`, '+inf')
    return members.map((member) => member.split('/')[0])
  }
  const rows = await shippedDb()
    .from('live_stream_slots')
    .where('address', address)
    .where('expires_at', '>', Date.now())
    .select('holder')
  return rows.map((row) => row.holder)
}

/** A stream of `channel` opened as a page behind the site's proxy opens it, from `address`. */
function openFrom(address: string, channel: string) {
  return openEventStream<Counts>(
    { host: '127.0.0.1', port: shippedApp().port },
    { uid: randomUUID(), channel },
    { 'host': DOMAIN, 'x-forwarded-proto': 'https', 'x-forwarded-for': address }
  )
}

/**
 * The build runs two workers. A confirmation's count is flushed by whichever
 * worker took the delta rows; every open page hears of it, whichever worker
 * holds its stream: through Redis when the suite has it, else through each
 * worker's poll of the petitions its streams watch.
 */
test.group('Shipped: live counts across workers', () => {
  test('every open stream, on either worker, gets one update within 2 s of a confirmation', async ({
    assert,
  }) => {
    const { mailbox, port } = shippedApp()
    const owner = await verifiedMember('live-owner@example.org', 'en', 'Iryna')
    const { guid, slug } = await createPetition(owner)
    const channel = `petitions/${guid}`

    // Connections go to the workers in turn: six streams land on both.
    const streams: Array<EventStream<Counts>> = []
    for (let index = 0; index < 6; index++) {
      streams.push(
        await openEventStream<Counts>(
          { host: '127.0.0.1', port },
          { uid: randomUUID(), channel },
          { 'host': DOMAIN, 'x-forwarded-proto': 'https' }
        )
      )
    }
    try {
      for (const stream of streams) {
        assert.equal(stream.status, 200)
        assert.match(String(stream.headers['content-type']), /^text\/event-stream/)
        assert.isUndefined(stream.headers['content-encoding'])
      }
      // Each worker's poll has seen the petition's counts before anything moves.
      await new Promise((resolve) => setTimeout(resolve, 1000))

      const guest = visitor()
      await guest.open(`/petition/${slug}`)
      await guest.submit('POST', `/petition/${guid}/sign`, {
        json: {
          firstName: 'Jonas',
          lastName: 'Becker',
          email: 'live-signer@example.org',
          country: 'UA',
          private: false,
          support: true,
          customFields: [],
        },
      })
      const link = linkIn(await mailbox.waitFor('live-signer@example.org'), '/signature/')
      const shown = await guest.open(link)
      await guest.submit('POST', shown.page?.props.confirmUrl, { json: {} })
      const confirmedAt = Date.now()

      await eventually(
        async () => streams.every((stream) => stream.messages.length > 0),
        (all) => all
      )
      // Any second message would come within another flush and poll.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      // On failure, what each stream heard and when, relative to the confirmation.
      const heard = streams.map((stream) =>
        stream.messages.map((message) => ({
          total: message.payload.totalSignatures,
          after: message.at - confirmedAt,
        }))
      )
      for (const stream of streams) {
        assert.lengthOf(stream.messages, 1, `redis: ${onRedis()}, heard: ${JSON.stringify(heard)}`)
        const [message] = stream.messages
        assert.equal(message.channel, channel)
        assert.equal(message.payload.totalSignatures, 1)
        assert.equal(message.payload.lastSignatures[0].user.firstName, 'Jonas')
        assert.notInclude(JSON.stringify(message), 'live-signer@example.org')
        assert.isBelow(message.at - confirmedAt, 2000)
      }
    } finally {
      for (const stream of streams) stream.close()
    }
  })

  test('300 streams from one address leave 20 open across the workers, and the site keeps answering', async ({
    assert,
  }) => {
    const owner = await verifiedMember('live-cap@example.org', 'en', 'Iryna')
    const { guid, slug } = await createPetition(owner)
    const channel = `petitions/${guid}`
    const attacker = '203.0.113.66'
    const streams: Array<EventStream<Counts>> = []
    try {
      // One at a time, the first ones go to both workers in turn; then all at
      // once, and the workers race each other for the last slots.
      for (let index = 0; index < 10; index++) streams.push(await openFrom(attacker, channel))
      streams.push(
        ...(await Promise.all(Array.from({ length: 290 }, () => openFrom(attacker, channel))))
      )
      const statuses = streams.map((stream) => stream.status)
      assert.equal(statuses.filter((status) => status === 200).length, 20)
      assert.equal(statuses.filter((status) => status === 429).length, 280)
      // The cap counted the streams of both workers together.
      const holders = await slotHolders(attacker)
      assert.lengthOf(holders, 20)
      assert.lengthOf(new Set(holders), 2, 'the 20 streams are held by both workers')

      const guest = visitor()
      assert.equal((await guest.open('/')).reply.status, 200)
      assert.equal((await guest.open(`/petition/${slug}`)).reply.status, 200)
      const neighbour = await openFrom('198.51.100.23', channel)
      streams.push(neighbour)
      assert.equal(neighbour.status, 200)

      // Pages closed: every worker gives their slots back.
      for (const stream of streams) stream.close()
      const left = await eventually(
        () => slotHolders(attacker),
        (held) => held.length === 0
      )
      assert.lengthOf(left, 0)
      const again = await openFrom(attacker, channel)
      streams.push(again)
      assert.equal(again.status, 200)
    } finally {
      for (const stream of streams) stream.close()
    }
  })

  test('a worker told to stop ends its streams and exits at once, and the pages reconnect', async ({
    assert,
  }) => {
    const owner = await verifiedMember('live-stop@example.org', 'en', 'Iryna')
    const { guid } = await createPetition(owner)
    const streams: Array<EventStream<Counts>> = []
    const address = '192.0.2.40'
    for (let index = 0; index < 4; index++) {
      streams.push(await openFrom(address, `petitions/${guid}`))
    }
    try {
      assert.lengthOf(await slotHolders(address), 4)
      const { workers } = serverProcesses()
      const [worker] = workers
      const stoppedAt = Date.now()
      process.kill(worker, 'SIGTERM')
      // The supervisor would kill it after 30 s; the open pages must not hold it that long.
      await processGone(worker, 10_000)
      assert.isBelow(Date.now() - stoppedAt, 5000)
      // Its streams ended, and their slots went back before it exited; the others' are held.
      assert.lengthOf(await slotHolders(address), streams.filter((stream) => !stream.ended).length)
      // A new worker takes its place.
      await eventually(
        async () => serverProcesses().workers.length,
        (count) => count === workers.length
      )
      assert.lengthOf(serverProcesses().workers, workers.length)
    } finally {
      for (const stream of streams) stream.close()
    }
  })
})
