import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { PetitionFactory } from '#database/factories/petition_factory'
import WebhookBody from '#models/webhook_body'
import WebhookDelivery from '#models/webhook_delivery'
import PruneWebhookDeliveriesJob from '#jobs/prune_webhook_deliveries_job'
import { WEBHOOK_DELIVERIES_KEPT_DAYS } from '#services/webhooks/retention'
import { webhookBody } from '#support/webhook_messages'
import { emptiedAfterwards } from '#tests/helpers/database'
import { addEndpoint, storedDelivery } from '#tests/helpers/webhooks'

test.group('Webhooks: how long deliveries are kept', (group) => {
  group.each.setup(() => emptiedAfterwards())

  test('finished deliveries older than the limit go with their tries and bodies; pending and recent ones stay', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const endpoint = await addEndpoint(petition, 'http://127.0.0.1:9/hooks')
    const other = await addEndpoint(petition, 'http://127.0.0.1:9/other')
    const old = DateTime.utc().minus({ days: WEBHOOK_DELIVERIES_KEPT_DAYS, hours: 1 })
    const recent = DateTime.utc().minus({ days: WEBHOOK_DELIVERIES_KEPT_DAYS - 1 })

    const delivered = await storedDelivery({
      endpointId: endpoint.id,
      body: webhookBody('webhook.test', { olena: 'olena@example.org' }),
      status: 'delivered',
      attempts: 1,
    })
    const failed = await storedDelivery({
      endpointId: endpoint.id,
      body: webhookBody('webhook.test', { n: 2 }),
      status: 'failed',
      attempts: 12,
    })
    const pending = await storedDelivery({
      endpointId: endpoint.id,
      body: webhookBody('webhook.test', { n: 3 }),
      status: 'pending',
    })
    const young = await storedDelivery({
      endpointId: endpoint.id,
      body: webhookBody('webhook.test', { n: 4 }),
      status: 'delivered',
    })
    // One message to two endpoints: its body stays while a delivery names it.
    const shared = await storedDelivery({
      endpointId: endpoint.id,
      body: webhookBody('webhook.test', { n: 5 }),
      status: 'delivered',
    })
    const sharedYoung = await WebhookDelivery.create({
      endpointId: other.id,
      messageId: 'msg_shared-young',
      event: 'webhook.test',
      bodyId: shared.bodyId,
      status: 'delivered',
      attempts: 1,
    })
    const stored = (at: DateTime) => at.toFormat(db.connection().dialect.dateTimeFormat)
    for (const delivery of [delivered, failed, pending, shared]) {
      await delivery.merge({ createdAt: old }).save()
      await db
        .from('webhook_bodies')
        .where('id', delivery.bodyId)
        .update({ created_at: stored(old) })
    }
    await young.merge({ createdAt: recent }).save()
    await sharedYoung.merge({ createdAt: recent }).save()
    await db.table('webhook_attempts').multiInsert(
      [delivered, failed, young].map((delivery) => ({
        delivery_id: delivery.id,
        attempted_at: stored(old),
        status_code: 200,
        duration_ms: 3,
      }))
    )

    await new PruneWebhookDeliveriesJob().execute()

    const kept = await WebhookDelivery.query().orderBy('id')
    assert.deepEqual(
      kept.map((delivery) => Number(delivery.id)),
      [pending.id, young.id, sharedYoung.id].map(Number)
    )
    const attempts = await db.from('webhook_attempts').select('delivery_id')
    assert.deepEqual(
      attempts.map((row) => Number(row.delivery_id)),
      [Number(young.id)]
    )
    const bodies = await WebhookBody.query().orderBy('id')
    assert.deepEqual(
      bodies.map((body) => Number(body.id)),
      [pending.bodyId, young.bodyId, shared.bodyId].map(Number)
    )
    assert.notInclude(bodies.map((body) => body.body).join(''), 'olena@example.org')
  })
})
