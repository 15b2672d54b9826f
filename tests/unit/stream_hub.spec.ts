import { test } from '@japa/runner'
import net, { type Socket } from 'node:net'
import { PASS_INTERVAL_MS, StreamHub, eventFrame, nextPassAt } from '#machinery/stream_hub'

/** A connected pair of sockets on loopback: the server's side joins a hub, the client's reads. */
async function socketPair() {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve))
  const client = net.connect({ host: '127.0.0.1', port })
  const serverSide = await accepted
  server.close()
  const received: Array<{ text: string; at: number }> = []
  client.on('data', (data) => received.push({ text: data.toString('utf8'), at: Date.now() }))
  return {
    serverSide,
    received,
    close: () => {
      client.destroy()
      serverSide.destroy()
    },
  }
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, at - Date.now()))

test.group('Stream hub: passes on the clock’s whole second', () => {
  test('two processes’ hubs told of a count at different moments of a second write it together', async ({
    assert,
  }) => {
    // Two workers (two hubs), each with a page of the same petition.
    const [first, second] = [new StreamHub(), new StreamHub()]
    const [one, two] = [await socketPair(), await socketPair()]
    first.join('petitions/a', one.serverSide)
    second.join('petitions/a', two.serverSide)
    try {
      const second0 = nextPassAt(Date.now() + 1)
      // The first hears of the count early in a second, the other late in it.
      await sleepUntil(second0 + 100)
      const written = first.publish('petitions/a', eventFrame('{"total":1}'))
      await sleepUntil(second0 + 700)
      await Promise.all([written, second.publish('petitions/a', eventFrame('{"total":1}'))])
      await sleepUntil(Date.now() + 50)

      assert.lengthOf(one.received, 1)
      assert.lengthOf(two.received, 1)
      const pass = second0 + PASS_INTERVAL_MS
      for (const { text, at } of [one.received[0], two.received[0]]) {
        assert.equal(text, 'data: {"total":1}\n\n')
        assert.isAtLeast(at, pass)
        assert.isBelow(at, pass + 50)
      }
    } finally {
      one.close()
      two.close()
    }
  }).timeout(5000)

  test('counts that move within a second reach a page once, the newest, and the next second the one after', async ({
    assert,
  }) => {
    const hub = new StreamHub()
    const page = await socketPair()
    hub.join('petitions/b', page.serverSide)
    try {
      const second0 = nextPassAt(Date.now() + 1)
      await sleepUntil(second0 + 50)
      void hub.publish('petitions/b', eventFrame('{"total":1}'))
      void hub.publish('petitions/b', eventFrame('{"total":2}'))
      await sleepUntil(second0 + PASS_INTERVAL_MS + 200)
      await hub.publish('petitions/b', eventFrame('{"total":3}'))
      await sleepUntil(Date.now() + 50)

      assert.deepEqual(
        page.received.map(({ text }) => text),
        ['data: {"total":2}\n\n', 'data: {"total":3}\n\n']
      )
      assert.isAtLeast(page.received[0].at, second0 + PASS_INTERVAL_MS)
      assert.isAtLeast(page.received[1].at, second0 + 2 * PASS_INTERVAL_MS)
      assert.isBelow(page.received[1].at, second0 + 2 * PASS_INTERVAL_MS + 50)
    } finally {
      page.close()
    }
  }).timeout(5000)
})
