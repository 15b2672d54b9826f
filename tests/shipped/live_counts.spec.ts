import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { linkIn } from '#tests/shipped/support/mailbox'
import {
  DOMAIN,
  onRedis,
  processGone,
  serverProcesses,
  shippedApp,
  visitor,
} from '#tests/shipped/support/shipped_app'
import { createPetition, eventually, verifiedMember } from '#tests/shipped/support/journeys'
import { openEventStream, type EventStream } from '#tests/helpers/event_stream'

type Counts = { totalSignatures: number; lastSignatures: Array<{ user: { firstName: string } }> }

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

  test('a worker told to stop ends its streams and exits at once, and the pages reconnect', async ({
    assert,
  }) => {
    const { port } = shippedApp()
    const owner = await verifiedMember('live-stop@example.org', 'en', 'Iryna')
    const { guid } = await createPetition(owner)
    const streams: Array<EventStream<Counts>> = []
    for (let index = 0; index < 4; index++) {
      streams.push(
        await openEventStream<Counts>(
          { host: '127.0.0.1', port },
          { uid: randomUUID(), channel: `petitions/${guid}` },
          { 'host': DOMAIN, 'x-forwarded-proto': 'https' }
        )
      )
    }
    try {
      const { workers } = serverProcesses()
      const [worker] = workers
      const stoppedAt = Date.now()
      process.kill(worker, 'SIGTERM')
      // The supervisor would kill it after 30 s; the open pages must not hold it that long.
      await processGone(worker, 10_000)
      assert.isBelow(Date.now() - stoppedAt, 5000)
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
