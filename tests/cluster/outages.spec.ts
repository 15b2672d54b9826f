import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { DOMAIN } from '#tests/shipped/support/shipped_app'
import { createPetition, eventually, verifiedMember } from '#tests/shipped/support/journeys'
import { openEventStream } from '#tests/helpers/event_stream'
import {
  aceOnNode,
  atNode,
  bothNodesUp,
  nodePort,
  serverPid,
  servers,
  site,
} from '#tests/cluster/support/cluster'
import {
  NODES,
  allReady,
  confirmAt,
  linkOf,
  pause,
  petitionRow,
  sign,
  signWhile,
  storedOf,
  taken,
  translated,
  type Attempt,
} from '#tests/cluster/support/faults'

type Counts = { totalSignatures: number }

/** The text of an HTML page, its entities read. */
const textOf = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The petition as a guest's page shows it, from one node. */
const pageAt = async (node: 'a' | 'b', slug: string) =>
  (await atNode(node).visit(`/petition/${slug}`)).props.petition

/** Every attempt that was not taken, as "status message", to show in a failure. */
const refusals = (attempts: Attempt[]) =>
  attempts.filter((attempt) => !taken(attempt)).map(({ status, message }) => `${status} ${message}`)

test.group('Cluster: Redis and PostgreSQL stop while guests sign', (group) => {
  group.each.setup(() => bothNodesUp())

  test('Redis stopped for 10 s: every answered signature is kept and mailed, counts stay exact, live counts and readiness come back by themselves', async ({
    assert,
  }) => {
    const owner = await verifiedMember('outage-redis@example.org', 'en', 'Olena', site())
    const { guid, slug } = await createPetition(owner)
    const petition = await petitionRow(slug)
    // Signers whose mailed links are confirmed while Redis is down.
    const early = ['outage-redis-early-1@example.org', 'outage-redis-early-2@example.org']
    for (const email of early) assert.isTrue(taken(await sign(guid, email)))
    const links = await Promise.all(early.map((email) => linkOf(email)))
    const stream = await openEventStream<Counts>(
      { host: '127.0.0.1', port: nodePort('b') },
      { uid: randomUUID(), channel: `petitions/${guid}` },
      { 'host': DOMAIN, 'x-forwarded-proto': 'https' }
    )
    try {
      assert.equal(stream.status, 200)
      // Node b keeps the page (a minute in this suite) until another node tells it of a change.
      assert.equal((await pageAt('b', slug)).totalSignatures, 0)
      await servers().redis.stop()
      const stoppedAt = Date.now()
      const signing = signWhile(guid, 'outage-redis', () => Date.now() - stoppedAt < 10_000)
      // Counted on node a, whose word to node b is lost with Redis.
      const confirmed = [await confirmAt('a', links[0]), await confirmAt('a', links[1])]
      // The owner's session is in Redis: served as a guest's meanwhile.
      const member = atNode('a', owner)
      const read = (await member.open(`/petition/${slug}`)).reply.status
      const whileDown = await allReady(503, 9000)
      const attempts = await signing
      await servers().redis.start()
      const afterwards = await allReady(200)

      assert.deepEqual(confirmed, [true, true])
      assert.equal(read, 200)
      assert.equal((await member.visit('/my/petitions')).component, 'My/MyPetitions')
      assert.deepEqual(whileDown, [503, 503])
      assert.deepEqual(afterwards, [200, 200])
      // Back on Redis, node b forgot what it kept: it may have missed changes.
      assert.equal((await pageAt('b', slug)).totalSignatures, 2)
      // Signing went on without Redis: every sign was taken.
      assert.deepEqual(refusals(attempts), [])
      assert.isAbove(attempts.length, 20)
      const answered = attempts.map((attempt) => attempt.email).sort()
      assert.deepEqual(await storedOf(petition.id, answered), answered)
      const mailed = []
      for (const email of answered) mailed.push(await linkOf(email))

      // A confirmation now reaches the stream the other node held through the outage.
      assert.isTrue(await confirmAt('a', mailed[0]))
      const heard = await eventually(
        async () => stream.messages.at(-1)?.payload.totalSignatures,
        (total) => total === 3
      )
      assert.equal(heard, 3)
      const counted = await eventually(
        async () => (await petitionRow(slug)).support_count,
        (count) => count === 3
      )
      assert.equal(counted, 3)
      const recount = aceOnNode('a', ['petitions:recount', `--petition=${petition.id}`])
      assert.include(recount, '1 petition(s) recounted, 0 corrected')
    } catch (error) {
      await servers().redis.start()
      throw error
    } finally {
      stream.close()
    }
  })

  test('PostgreSQL restarted: a request it breaks is answered with the translated 503, never a 500; both nodes go on without a restart', async ({
    assert,
  }) => {
    const owner = await verifiedMember('outage-pg@example.org', 'en', 'Olena', site())
    const { guid, slug } = await createPetition(owner)
    const petition = await petitionRow(slug)
    const early = ['outage-pg-early-1@example.org', 'outage-pg-early-2@example.org']
    for (const email of early) assert.isTrue(taken(await sign(guid, email)))
    const links = await Promise.all(early.map((email) => linkOf(email)))
    const pids = NODES.map(serverPid)
    let restarting = true
    const signing = signWhile(guid, 'outage-pg', () => restarting, {
      lanes: 3,
      pauseMs: 20,
      locale: 'de',
    })
    await pause(300)
    const { postgres } = servers()
    try {
      // Counted just before: the flush a second later meets the restart.
      const confirmed = [await confirmAt('a', links[0]), await confirmAt('a', links[1])]
      await postgres.stop()
      // A page that reads the database, while it is down: the translated page of a 503.
      const page = await atNode('a', owner).open('/my/petitions')
      await pause(1000)
      await postgres.start()
      await pause(1500)
      restarting = false
      const attempts = await signing

      assert.deepEqual(confirmed, [true, true])
      assert.equal(page.reply.status, 503)
      assert.equal(page.page?.component, 'Errors/Status')
      assert.equal(page.page?.props.status, 503)
      assert.include(textOf(page.reply.text()), translated('en', 'page.errors.503.text'))
      const text = translated('de', 'page.errors.503.text')
      const broken = attempts.filter((attempt) => !taken(attempt))
      assert.isNotEmpty(broken, 'no sign met the restart')
      assert.deepEqual(
        refusals(broken.filter((attempt) => attempt.status !== 503 || attempt.message !== text)),
        []
      )
      // Each sign taken is stored, and whatever is stored is whole: its link is mailed.
      const answered = attempts.filter(taken).map((attempt) => attempt.email)
      const tried = attempts.map((attempt) => attempt.email)
      const stored = await storedOf(petition.id, tried)
      assert.includeMembers(stored, answered)
      for (const email of stored) await linkOf(email)
      // Both nodes take signs again, in the same processes.
      for (const node of NODES) {
        assert.isTrue(taken(await sign(guid, `outage-pg-after-${node}@example.org`, atNode(node))))
      }
      assert.deepEqual(NODES.map(serverPid), pids)
      assert.deepEqual(await allReady(200), [200, 200])
      // The counts the restart interrupted are applied without another count.
      const counted = await eventually(
        async () => (await petitionRow(slug)).support_count,
        (count) => count === 2
      )
      assert.equal(counted, 2)
      const recount = aceOnNode('b', ['petitions:recount', `--petition=${petition.id}`])
      assert.include(recount, '1 petition(s) recounted, 0 corrected')
    } finally {
      restarting = false
      await postgres.start()
    }
  })
})
