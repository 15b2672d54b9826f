import { randomUUID } from 'node:crypto'
import { get } from 'node:http'
import { test } from '@japa/runner'
import { linkIn } from '#tests/shipped/support/mailbox'
import { DOMAIN } from '#tests/shipped/support/shipped_app'
import {
  createPetition,
  eventually,
  uploadPicture,
  verifiedMember,
} from '#tests/shipped/support/journeys'
import { openEventStream, type EventStream } from '#tests/helpers/event_stream'
import {
  aceOnNode,
  atNode,
  bothNodesUp,
  clusterDb,
  killNode,
  nodePort,
  proxyPortOf,
  site,
  type NodeName,
} from '#tests/cluster/support/cluster'

type Counts = { totalSignatures: number }

/** A petition made through the proxy by a new member, its pictures uploaded to node a. */
async function petitionWithPictures(email: string) {
  const owner = await verifiedMember(email, 'en', 'Olena', site())
  const atA = atNode('a', owner)
  const created = await createPetition(atA, async (guid) => {
    const banner = await uploadPicture(atA, guid, 'banner')
    const photo = await uploadPicture(atA, guid, 'photo')
    return {
      banner: { id: banner.id, driver: banner.driver, url: banner.url },
      photos: [{ id: photo.id }],
    }
  })
  return { owner, ...created }
}

/** The bytes behind an upload's address, as a browser gets them: following redirects. */
async function fetchUpload(node: NodeName, url: string) {
  const visitor = atNode(node)
  let reply = await visitor.send('GET', url)
  for (let hop = 0; hop < 3 && reply.status >= 300 && reply.status < 400; hop++) {
    const location = new URL(reply.location!, `https://${DOMAIN}`)
    if (location.host === DOMAIN) reply = await visitor.send('GET', location.pathname)
    else {
      const response = await fetch(location)
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        size: (await response.arrayBuffer()).byteLength,
      }
    }
  }
  return {
    status: reply.status,
    type: String(reply.headers['content-type']),
    size: reply.body.length,
  }
}

/** GET `path` through the proxy from a local address of this machine: the status and body. */
function throughProxyFrom(localAddress: string, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port: proxyPortOf(), path, localAddress, headers: { host: DOMAIN } },
      (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body }))
      }
    )
    request.on('error', reject)
  })
}

/** Signs as a guest through the proxy and confirms from the mail on `confirmOn`. */
async function signAndConfirm(guid: string, slug: string, email: string, confirmOn: NodeName) {
  const guest = site().visitor()
  await guest.open(`/petition/${slug}`)
  const signed = await guest.submit('POST', `/petition/${guid}/sign`, {
    json: {
      firstName: 'Jonas',
      lastName: 'Becker',
      email,
      country: 'PL',
      private: false,
      support: true,
      customFields: [],
    },
  })
  if (!signed.landing) throw new Error(`signing failed: ${signed.reply.status}`)
  const link = linkIn(await site().mailbox.waitFor(email), '/signature/')
  const confirmer = atNode(confirmOn)
  const shown = await confirmer.open(link)
  await confirmer.submit('POST', shown.page?.props.confirmUrl, { json: {} })
}

test.group('Cluster: two nodes behind nginx on PostgreSQL, Redis and S3', (group) => {
  // A node a test of another file killed is up again.
  group.each.setup(() => bothNodesUp())

  test('pictures uploaded through one node are shown by the other, from the bucket', async ({
    assert,
  }) => {
    const { slug } = await petitionWithPictures('cluster-pictures@example.org')
    const page = await atNode('b').visit(`/petition/${slug}`)
    const { banner, photos } = page.props.petition
    const urls: string[] = [banner.url, ...photos.map((item: { url: string }) => item.url)]
    assert.lengthOf(urls, 2)
    for (const url of urls) {
      assert.match(url, /^\/uploads\/petitions\//)
      const shown = await fetchUpload('b', url)
      assert.equal(shown.status, 200, url)
      assert.match(String(shown.type), /^image\//)
      assert.isAbove(shown.size, 1000)
    }
  })

  test('a guest signs through the proxy and the count reaches a stream held by the other node', async ({
    assert,
  }) => {
    const owner = await verifiedMember('cluster-counts@example.org', 'en', 'Olena', site())
    const { guid, slug } = await createPetition(owner)
    const stream = await openEventStream<Counts>(
      { host: '127.0.0.1', port: nodePort('b') },
      { uid: randomUUID(), channel: `petitions/${guid}` },
      { 'host': DOMAIN, 'x-forwarded-proto': 'https' }
    )
    try {
      assert.equal(stream.status, 200)
      await signAndConfirm(guid, slug, 'cluster-signer@example.org', 'a')
      await eventually(
        async () => stream.messages.length,
        (heard) => heard > 0
      )
      assert.equal(stream.messages.at(-1)?.payload.totalSignatures, 1)
      const counted = await clusterDb().from('petitions').where('slug', slug).first()
      assert.equal(counted.support_count, 1)
    } finally {
      stream.close()
    }
  })

  test('pages that follow a petition through the proxy are held by nginx: a count from either node reaches them, other channels are refused, an address holds 20', async ({
    assert,
  }) => {
    const owner = await verifiedMember('cluster-relay@example.org', 'en', 'Olena', site())
    const { guid, slug } = await createPetition(owner)
    const proxy = { host: '127.0.0.1', port: proxyPortOf() }
    const follow = (channel: string) =>
      openEventStream<Counts>(proxy, { uid: randomUUID(), channel }, { host: DOMAIN })
    const streams: EventStream<Counts>[] = []
    try {
      for (let page = 0; page < 20; page++) streams.push(await follow(`petitions/${guid}`))
      const overCap = await follow(`petitions/${guid}`)
      const foreign = await follow('users/1')
      overCap.close()
      foreign.close()
      assert.deepEqual(
        streams.map((stream) => stream.status),
        Array(20).fill(200)
      )
      assert.equal(overCap.status, 429)
      assert.equal(foreign.status, 400)

      const totals = async () =>
        streams.map((stream) => stream.messages.at(-1)?.payload.totalSignatures)
      await signAndConfirm(guid, slug, 'cluster-relay-1@example.org', 'a')
      assert.deepEqual(
        await eventually(totals, (seen) => seen.every((total) => total === 1)),
        Array(20).fill(1)
      )
      await signAndConfirm(guid, slug, 'cluster-relay-2@example.org', 'b')
      assert.deepEqual(
        await eventually(totals, (seen) => seen.every((total) => total === 2)),
        Array(20).fill(2)
      )
    } finally {
      for (const stream of streams) stream.close()
    }
  })

  test('a milestone reached by confirmations on both nodes mails each addressed recipient once', async ({
    assert,
  }) => {
    const owner = await verifiedMember('cluster-milestone@example.org', 'en', 'Olena', site())
    const recipient = 'cluster-minister@gov.example'
    const { guid, slug } = await createPetition(owner, () => ({
      milestones: [2],
      letters: [
        {
          payload: 'Please keep the night trains.',
          recipients: [{ name: 'Ana Ministra', payload: 'Minister', email: recipient }],
        },
      ],
    }))
    // A moderator approved the address (no mail goes to one nobody approved).
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
    await clusterDb().table('decision_maker_addresses').insert({
      email: recipient,
      status: 'approved',
      name: 'Ana Ministra',
      decided_at: now,
      created_at: now,
    })
    // The milestone is reached by two confirmations at once, one on each node.
    await Promise.all([
      signAndConfirm(guid, slug, 'cluster-first@example.org', 'a'),
      signAndConfirm(guid, slug, 'cluster-second@example.org', 'b'),
    ])
    const mail = await site().mailbox.waitFor(recipient)
    assert.include(linkIn(mail, '/decision-makers/'), '/answer?signature=')
    // Both nodes' flushes have run (each flushes within a second): still one mail.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const more = site()
      .mailbox.all()
      .filter((caught) => caught.to.includes(recipient))
    assert.lengthOf(more, 0)
    const deliveries = await clusterDb().from('recipient_deliveries')
    assert.lengthOf(deliveries, 1)
  })

  test("a moderator's hide is seen by both nodes within a second", async ({ assert }) => {
    const owner = await verifiedMember('cluster-hidden@example.org', 'en', 'Olena', site())
    const { slug } = await createPetition(owner)
    // Both nodes have the page in their cache (kept a minute by this suite's settings).
    for (const node of ['a', 'b'] as const) {
      assert.equal((await atNode(node).open(`/petition/${slug}`)).reply.status, 200)
    }
    const moderator = await verifiedMember('cluster-moderator@example.org', 'en', 'Maria', site())
    aceOnNode('a', ['users:role', 'cluster-moderator@example.org', 'moderator'])
    const petition = await clusterDb().from('petitions').where('slug', slug).first()

    const atA = atNode('a', moderator)
    await atA.open(`/moderation/petitions/${petition.id}`)
    const hidden = await atA.send('POST', `/moderation/petitions/${petition.id}/hide`, {
      body: { json: { reason: 'misleading', note: 'Made-up numbers' } },
      headers: { referer: atA.current },
    })
    assert.oneOf(hidden.status, [302, 303])
    const hiddenAt = Date.now()
    const statuses = await eventually(
      async () =>
        Promise.all(
          (['a', 'b'] as const).map(
            async (node) => (await atNode(node).open(`/petition/${slug}`)).reply.status
          )
        ),
      (both) => both.every((status) => status === 410),
      1000
    )
    assert.deepEqual(statuses, [410, 410])
    assert.isBelow(Date.now() - hiddenAt, 1500)
    // Through the proxy too, once its micro-cache has expired.
    const proxied = await eventually(
      async () => (await site().visitor().open(`/petition/${slug}`)).reply.status,
      (status) => status === 410,
      3000
    )
    assert.equal(proxied, 410)
  })

  test('the proxy answers probes and metrics to this machine only; a node answers its status alone', async ({
    assert,
  }) => {
    // 127.0.0.2 is this machine too, but not an address nginx.conf allows: as any outsider.
    for (const path of ['/health/ready', '/health/live', '/%68ealth/ready', '/metrics']) {
      assert.equal((await throughProxyFrom('127.0.0.2', path)).status, 403, path)
    }
    assert.equal((await throughProxyFrom('127.0.0.2', '/')).status, 200)
    const local = await throughProxyFrom('127.0.0.1', '/health/ready')
    assert.equal(local.status, 200)
    assert.deepEqual(JSON.parse(local.body), { healthy: true })
    const direct = await atNode('b').send('GET', '/health/ready')
    assert.equal(direct.status, 200)
    assert.deepEqual(JSON.parse(direct.text()), { healthy: true })
  })

  test('a node that stops mid-run: the proxy sends every request to the other', async ({
    assert,
  }) => {
    const owner = await verifiedMember('cluster-failover@example.org', 'en', 'Olena', site())
    const { slug } = await createPetition(owner)
    const statuses: number[] = []
    let stopped = false
    const load = (async () => {
      for (let index = 0; index < 60; index++) {
        // Members' pages are never cached by the proxy: each request reaches a node.
        statuses.push((await owner.open(`/petition/${slug}`)).reply.status)
        if (index === 20) {
          await killNode('a')
          stopped = true
        }
      }
    })()
    await load
    assert.isTrue(stopped)
    assert.lengthOf(statuses, 60)
    assert.deepEqual([...new Set(statuses)], [200])
    // And guests keep signing through the proxy.
    const guest = site().visitor()
    assert.equal((await guest.open(`/petition/${slug}`)).reply.status, 200)
  })
})
