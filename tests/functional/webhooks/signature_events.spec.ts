import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import emitter from '@adonisjs/core/services/emitter'
import type { ApiClient } from '@japa/api-client'
import { PetitionFactory } from '#database/factories/petition_factory'
import type Petition from '#models/petition'
import SendWebhooksJob from '#jobs/send_webhooks_job'
import WebhookSignatureEventsRecorded from '#events/webhook_signature_events_recorded'
import { signatureCounter } from '#runtime/signatures/counter'
import { petitionsWithWebhooks } from '#runtime/webhooks/live_endpoints'
import {
  SIGNATURE_RECORD_COLUMNS,
  signatureRecordOf,
  type SignatureRow,
} from '#support/signature_records'
import { emptiedAfterwards, queriesDuring } from '#tests/helpers/database'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { outbox } from '#tests/helpers/outbox'
import { freePort } from '#tests/helpers/ports'
import { confirmationPath, sign, withdrawPath } from '#tests/helpers/signatures'
import { startWebhookReceiver, type WebhookReceiver } from '#tests/helpers/webhook_receiver'
import { addEndpoint, deliveriesOf, eventually } from '#tests/helpers/webhooks'

/** A guest signs and confirms through the mailed link; the signature's row. */
async function confirmedSignature(client: ApiClient, petition: Petition, email: string) {
  await petition.load('customFields')
  const customFields = petition.customFields.map((field) => ({
    id: field.id,
    value: field.type === 'number' ? '42' : 'Podil',
  }))
  const signed = await sign(client, petition, { email, postalCode: '01001', customFields })
  if (![302, 303].includes(signed.status())) {
    throw new Error(`signing answered ${signed.status()}: ${signed.text().slice(0, 300)}`)
  }
  const row = await db.from('signatures').where('email', email).firstOrFail()
  await client.post(confirmationPath(row)).withCsrfToken()
  return db.from('signatures').where('id', row.id).firstOrFail()
}

/** The record the owner's export gives of a signature, as its webhooks must send it. */
async function exportedRecord(petition: Petition, signatureId: number) {
  const row: SignatureRow = await db
    .from('signatures')
    .where('id', signatureId)
    .select(...SIGNATURE_RECORD_COLUMNS)
    .firstOrFail()
  await petition.load('customFields')
  const fields = [...petition.customFields].sort((a, b) => a.position - b.position)
  return JSON.parse(JSON.stringify(signatureRecordOf(row, petition, fields)))
}

test.group('Webhooks: signatures confirmed and withdrawn', (group) => {
  let receiver: WebhookReceiver | null = null
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
    return async () => {
      emitter.restore()
      restoreClock()
      await receiver?.close()
      receiver = null
    }
  })

  test('a confirmation and a withdrawal each arrive once, with only the fields of the owner’s export', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withCustomFields')
      .merge({ askPostalCode: true })
      .with('user')
      .create()
    const endpoint = await addEndpoint(petition, 'http://placeholder.invalid/', [
      'signature.confirmed',
      'signature.withdrawn',
    ])
    receiver = await startWebhookReceiver(endpoint.secret)
    await endpoint.merge({ url: receiver.url }).save()

    const row = await confirmedSignature(client, petition, 'olena@example.org')
    const record = await exportedRecord(petition, row.id)
    await signatureCounter.flush()
    const got = await eventually(
      async () => receiver!.received,
      (received) => received.length >= 1
    )
    assert.lengthOf(got, 1)
    assert.isTrue(got[0].verified)
    assert.equal(got[0].data.type, 'signature.confirmed')
    assert.deepEqual(got[0].data.data, {
      petition: { guid: petition.guid, slug: petition.slug, title: petition.title },
      signature: record,
    })
    // Nothing of the row beyond the export's fields.
    for (const secret of [
      'locale',
      'networkHash',
      'userId',
      'confirmationToken',
      'receiptSecret',
    ]) {
      assert.notProperty(got[0].data.data.signature, secret)
    }
    assert.notInclude(got[0].body, row.network_hash ?? 'no-network-hash')

    await client.post(withdrawPath(row)).withCsrfToken()
    await signatureCounter.flush()
    await eventually(
      async () => receiver!.received,
      (received) => received.length >= 2
    )
    assert.lengthOf(receiver.received, 2)
    const withdrawn = receiver.received[1]
    assert.isTrue(withdrawn.verified)
    assert.equal(withdrawn.data.type, 'signature.withdrawn')
    // The row is gone: the record is what its count row kept.
    assert.deepEqual(withdrawn.data.data.signature, record)
    assert.notEqual(withdrawn.id, got[0].id)
    // The receiver answers before the sender records its answer.
    const deliveries = await eventually(
      () => deliveriesOf(endpoint),
      (rows) => rows.every((delivery) => delivery.status === 'delivered')
    )
    assert.deepEqual(
      deliveries.map((delivery) => [delivery.event, delivery.status]),
      [
        ['signature.confirmed', 'delivered'],
        ['signature.withdrawn', 'delivered'],
      ]
    )
    // The kept copy went with the count rows.
    const [{ total }] = await db.from('signature_count_deltas').count('* as total')
    assert.equal(Number(total), 0)
  })

  test('a confirmation to three endpoints is one body, sent to each under its own message id', async ({
    client,
    assert,
    cleanup,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const receivers = await Promise.all(
      [1, 2, 3].map(async () => {
        const endpoint = await addEndpoint(petition, 'http://placeholder.invalid/', [
          'signature.confirmed',
        ])
        const started = await startWebhookReceiver(endpoint.secret)
        cleanup(() => started.close())
        await endpoint.merge({ url: started.url }).save()
        return started
      })
    )
    await confirmedSignature(client, petition, 'olena@example.org')
    await signatureCounter.flush()
    const got = await eventually(
      async () => receivers.flatMap((one) => one.received),
      (received) => received.length >= 3
    )
    assert.lengthOf(got, 3)
    assert.isTrue(got.every((one) => one.verified && one.data.type === 'signature.confirmed'))
    assert.equal(new Set(got.map((one) => one.id)).size, 3)
    assert.equal(new Set(got.map((one) => one.body)).size, 1)
    const bodies = await db.from('webhook_bodies').select('body')
    assert.deepEqual(
      bodies.map((row) => row.body),
      [got[0].body]
    )
  })

  test('an endpoint that did not ask for signature events gets none', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const endpoint = await addEndpoint(petition, 'http://127.0.0.1:9/', ['petition.closed'])
    await confirmedSignature(client, petition, 'olena@example.org')
    await signatureCounter.flush()
    assert.lengthOf(await deliveriesOf(endpoint), 0)
  })

  test('a petition without endpoints costs its flush no query about webhooks', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await confirmedSignature(client, petition, 'olena@example.org')
    await petitionsWithWebhooks()
    const queries = await queriesDuring(() => signatureCounter.flush())
    assert.isNotEmpty(queries)
    assert.isFalse(
      queries.some((sql) => /webhook|custom_fields/.test(sql)),
      queries.join('\n')
    )
  })

  test('with endpoints, the flush writes one small row a change: no body, no delivery', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    for (const port of [9, 10, 11]) {
      await addEndpoint(petition, `http://127.0.0.1:${port}/hooks`, ['signature.confirmed'])
    }
    emitter.fake([WebhookSignatureEventsRecorded])
    await petitionsWithWebhooks()
    // Whichever flush counts it (a background one may come first), nothing more is written.
    const queries = await queriesDuring(async () => {
      await confirmedSignature(client, petition, 'taras@example.org')
      await signatureCounter.flush()
    })
    const webhookWrites = queries.filter((sql) => /^\s*insert into .?webhook/i.test(sql))
    assert.lengthOf(webhookWrites, 1, queries.join('\n'))
    assert.match(webhookWrites[0], /webhook_signature_events/)
    assert.isFalse(queries.some((sql) => /webhook_bodies|webhook_deliveries/.test(sql)))
  })

  test('a confirmation whose news never reached the sender is made a delivery and sent by the sweep', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const port = await freePort()
    const endpoint = await addEndpoint(petition, `http://127.0.0.1:${port}/hooks`, [
      'signature.confirmed',
    ])
    // The sender is down: the event that tells it is lost. The flush has
    // recorded the confirmation; its delivery is not made yet.
    emitter.fake([WebhookSignatureEventsRecorded])
    await confirmedSignature(client, petition, 'olena@example.org')
    await signatureCounter.flush()
    const recorded = await db.from('webhook_signature_events').select('signature_change')
    assert.deepEqual(
      recorded.map((row) => row.signature_change),
      ['confirmed']
    )
    assert.lengthOf(await deliveriesOf(endpoint), 0)
    emitter.restore()

    receiver = await startWebhookReceiver(endpoint.secret)
    await endpoint.merge({ url: receiver.url }).save()
    setClock(DateTime.utc().plus({ minutes: 1 }))
    await SendWebhooksJob.dispatch({})
    assert.lengthOf(receiver.received, 1)
    assert.equal(receiver.received[0].data.type, 'signature.confirmed')
    const [sent] = await deliveriesOf(endpoint)
    assert.equal(receiver.received[0].id, sent.messageId)
    assert.equal(sent.status, 'delivered')
    assert.lengthOf(await db.from('webhook_signature_events'), 0)
  })
})
