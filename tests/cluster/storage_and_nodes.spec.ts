import { request } from 'node:http'
import { test } from '@japa/runner'
import { DOMAIN } from '#tests/shipped/support/shipped_app'
import { createPetition, png, uploadPicture, verifiedMember } from '#tests/shipped/support/journeys'
import type { Visitor } from '#tests/shipped/support/visitor'
import {
  atNode,
  bothNodesUp,
  bucketKeys,
  clusterDb,
  killNode,
  nodePort,
  servers,
  site,
  type NodeName,
} from '#tests/cluster/support/cluster'
import { petitionRow, translated } from '#tests/cluster/support/faults'

const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'uk', 'pt', 'ru']

/** The member on the site of another language (the session cookie is the bare domain's). */
function inLocale(member: Visitor, locale: string) {
  const copy = site().visitor(locale)
  for (const [cookie, value] of member.cookies) copy.cookies.set(cookie, value)
  return copy
}

/** A photo as the create form's picker sends it, JSON answer. */
async function photoUpload(member: Visitor, guid: string) {
  return member.send('POST', `/petition/${guid}/media`, {
    body: {
      multipart: {
        type: 'photo',
        file: { name: 'photo.png', type: 'image/png', content: await png(1200, 800) },
      },
    },
    headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  })
}

/** The rows of pictures uploaded for a form's guid. */
const mediaOf = (guid: string) => clusterDb().from('petition_media').where('petition_guid', guid)

/**
 * A POST to one node, its body written by the test: `write(part)` sends
 * more, `end()` the rest. Resolves with how the exchange ended: the status
 * and the bytes of a whole answer, or the error that cut it.
 */
async function exchangeAt(node: NodeName, as: Visitor, path: string, body: Buffer, type: string) {
  await as.ensureXsrfToken()
  const cookie = [...as.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const outgoing = request({
    host: '127.0.0.1',
    port: nodePort(node),
    method: 'POST',
    path,
    headers: {
      'host': DOMAIN,
      'x-forwarded-proto': 'https',
      'cookie': cookie,
      'x-xsrf-token': as.xsrfToken,
      'content-type': type,
      'content-length': String(body.length),
      'accept': 'application/json',
    },
  })
  let firstByte: () => void = () => {}
  const started = new Promise<void>((resolve) => (firstByte = resolve))
  const ended = new Promise<{ status: number; bytes: number; error: string | null }>((resolve) => {
    outgoing.on('error', (error) => resolve({ status: 0, bytes: 0, error: error.message }))
    outgoing.on('response', (incoming) => {
      let bytes = 0
      incoming.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        firstByte()
      })
      incoming.on('error', (error) =>
        resolve({ status: incoming.statusCode!, bytes, error: error.message })
      )
      incoming.on('end', () => resolve({ status: incoming.statusCode!, bytes, error: null }))
    })
  })
  return { outgoing, started, ended }
}

test.group('Cluster: the S3 server stops, a node dies in the middle of a request', (group) => {
  group.each.setup(() => bothNodesUp())

  test('the S3 server unreachable: an upload is refused under its field in every language, nothing is half-saved, pages keep serving', async ({
    assert,
  }) => {
    const owner = await verifiedMember('outage-s3@example.org', 'en', 'Olena', site())
    const created = await createPetition(owner)
    const petition = await petitionRow(created.slug)
    const guid: string = (await owner.visit('/petition/create')).props.petition.guid
    const { bucket } = servers()
    try {
      await bucket.stop()
      for (const locale of LOCALES) {
        const reply = await photoUpload(inLocale(owner, locale), guid)
        const text = translated(locale, 'validator.shared.messages.storage')
        assert.equal(reply.status, 503, locale)
        assert.deepEqual(reply.json(), { message: text, errors: { file: [text] } }, locale)
      }
      assert.lengthOf(await mediaOf(guid), 0)
      // A form with a photo (the sheets of paper signatures): the same words under it.
      const owned = atNode('b', owner)
      await owned.open(`/petition/${created.slug}`)
      const sheets = await owned.submit('POST', `/petition/${created.guid}/paper`, {
        multipart: {
          signatures: '12',
          place: 'Market square',
          collectedOn: new Date().toISOString().slice(0, 10),
          photo: { name: 'sheets.png', type: 'image/png', content: await png(800, 600) },
        },
      })
      const photoError = sheets.landing?.props.errors?.photo
      assert.equal([photoError].flat()[0], translated('en', 'validator.shared.messages.storage'))
      const batches = clusterDb().from('paper_signature_batches').where('petition_id', petition.id)
      assert.lengthOf(await batches, 0)
      for (const node of ['a', 'b'] as const) {
        assert.equal((await atNode(node).open(`/petition/${created.slug}`)).reply.status, 200)
      }
      assert.equal((await site().visitor('fr').open('/')).reply.status, 200)
    } finally {
      await bucket.start()
    }
    // Back: the next upload is taken.
    const photo = await uploadPicture(owner, guid, 'photo')
    assert.lengthOf(await bucketKeys(`petitions/${guid}/`), 1)
    assert.deepEqual(
      (await mediaOf(guid)).map((row) => row.id),
      [photo.id]
    )
  })

  test('a node killed while an upload comes in: nothing is half-saved, and the other node takes it', async ({
    assert,
  }) => {
    const owner = await verifiedMember('killed-upload@example.org', 'en', 'Olena', site())
    const guid: string = (await owner.visit('/petition/create')).props.petition.guid
    const form = new FormData()
    form.append('type', 'photo')
    const picture = await png(1600, 1200, '#8a3ffc')
    form.append('file', new Blob([picture], { type: 'image/png' }), 'photo.png')
    const encoded = new Response(form)
    const body = Buffer.from(await encoded.arrayBuffer())
    const type = encoded.headers.get('content-type')!

    const upload = await exchangeAt('a', owner, `/petition/${guid}/media`, body, type)
    upload.outgoing.write(body.subarray(0, Math.floor(body.length / 2)))
    await new Promise((resolve) => setTimeout(resolve, 200))
    await killNode('a')
    upload.outgoing.end(body.subarray(Math.floor(body.length / 2)))
    const cut = await upload.ended
    assert.notEqual(cut.status, 200)
    assert.lengthOf(await mediaOf(guid), 0)
    assert.lengthOf(await bucketKeys(`petitions/${guid}/`), 0)

    const relaunched = bothNodesUp()
    const photo = await uploadPicture(owner, guid, 'photo')
    assert.lengthOf(await mediaOf(guid), 1)
    assert.lengthOf(await bucketKeys(`petitions/${guid}/`), 1)
    assert.isAbove(photo.id, 0)
    await relaunched
  })

  test('a node killed during a delivery package download: the cut download cannot pass for whole, the other node serves it whole', async ({
    assert,
  }) => {
    const owner = await verifiedMember('killed-download@example.org', 'en', 'Olena', site())
    const { guid, slug } = await createPetition(owner)
    const petition = await petitionRow(slug)
    // Enough signers that the package is still being written when the node dies.
    await clusterDb().rawQuery(
      `INSERT INTO signatures
         (petition_id, first_name, last_name, email, email_normalized, country, confirmed_at, created_at)
       SELECT ?, 'Signer', 'Number ' || n, 'bulk' || n || '@example.org',
              'bulk' || n || '@example.org', 'PL', now(), now()
         FROM generate_series(1, 20000) AS n`,
      [petition.id]
    )
    await clusterDb().from('petitions').where('id', petition.id).update({ support_count: 20_000 })
    const choice = new URLSearchParams({ paperSize: 'a4', language: 'en', includeList: 'true' })
    const form = Buffer.from(choice.toString())
    const path = `/petition/${guid}/delivery`

    const download = await exchangeAt('a', owner, path, form, 'application/x-www-form-urlencoded')
    download.outgoing.end(form)
    await download.started
    await killNode('a')
    const cut = await download.ended
    assert.equal(cut.status, 200)
    assert.isNotNull(cut.error, 'a download cut short must not end as a whole one')

    const relaunched = bothNodesUp()
    const whole = await owner.send('POST', path, { body: { form: Object.fromEntries(choice) } })
    assert.equal(whole.status, 200)
    assert.equal(whole.headers['content-type'], 'application/pdf')
    assert.isAbove(whole.body.length, cut.bytes)
    assert.equal(whole.body.subarray(-6).toString('latin1').trim(), '%%EOF')
    await relaunched
  })
})
