import { getPriority } from 'node:os'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import redis from '@adonisjs/redis/services/main'
import {
  onRedis,
  processGone,
  serverProcesses,
  shippedDb,
} from '#tests/shipped/support/shipped_app'
import { eventually } from '#tests/shipped/support/journeys'
import { PetitionFactory } from '#database/factories/petition_factory'
import { newMessageId, webhookBody } from '#support/webhook_messages'

const SWEEP = 'send-due-webhooks'

/** Moves the sweep's next run into the past, as the clock would within the minute. */
async function makeSweepDue() {
  const past = Date.now() - 60_000
  if (onRedis()) await redis.hset(`schedules::${SWEEP}`, 'next_run_at', String(past))
  else
    await shippedDb()
      .from('queue_schedules')
      .where('id', SWEEP)
      .update({ next_run_at: new Date(past) })
}

/**
 * The tries of a delivery, once there is one: the sweep runs within seconds
 * of being due, and its round may then wait up to 30 s while the machine
 * (running the tests beside the site) keeps the cores busy.
 */
function triesOf(deliveryId: number) {
  return eventually(
    () => shippedDb().from('webhook_attempts').where('delivery_id', deliveryId),
    (rows) => rows.length > 0,
    90_000
  )
}

/**
 * A pending delivery, due now, to an endpoint the production site refuses
 * (plain http on loopback): its try is recorded without anything leaving.
 */
async function dueDelivery() {
  const database = shippedDb()
  const now = DateTime.utc().toFormat(database.dialect.dateTimeFormat)
  const petition = await PetitionFactory.connection('shipped').apply('published').create()
  const [endpoint] = await database
    .table('webhook_endpoints')
    .insert({
      petition_id: petition.id,
      url: 'http://127.0.0.1:9/hooks',
      events: JSON.stringify(['signature.confirmed']),
      secret: 'sealed elsewhere',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  const [body] = await database
    .table('webhook_bodies')
    .insert({ body: webhookBody('webhook.test', { test: true }), created_at: now })
    .returning('id')
  const [delivery] = await database
    .table('webhook_deliveries')
    .insert({
      endpoint_id: typeof endpoint === 'object' ? endpoint.id : endpoint,
      message_id: newMessageId(),
      event: 'webhook.test',
      body_id: typeof body === 'object' ? body.id : body,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
  return Number(typeof delivery === 'object' ? delivery.id : delivery)
}

test.group('Shipped: webhook sending', () => {
  test('under the supervisor, the webhooks queue is its webhook worker’s, niced below the web workers and replaced when it dies', async ({
    assert,
  }) => {
    const { mailWorker, webhookWorker, workers } = serverProcesses()
    assert.isNotNull(webhookWorker, 'a webhook worker runs beside the web workers')
    // In a surge the signers get the cores first; mails and deliveries take what is left.
    assert.isAbove(getPriority(webhookWorker!), getPriority(workers[0]))
    assert.equal(getPriority(webhookWorker!), getPriority(mailWorker!))

    // The web workers and the mail worker leave that queue to it: if it took
    // nothing, the due delivery would never be tried.
    const firstId = await dueDelivery()
    await makeSweepDue()
    const first = await triesOf(firstId)
    assert.lengthOf(first, 1)
    assert.equal(first[0].error, 'destination not allowed (not_https)')
    const delivery = await shippedDb().from('webhook_deliveries').where('id', firstId).first()
    assert.equal(delivery.status, 'pending')
    assert.equal(Number(delivery.attempts), 1)

    process.kill(webhookWorker!, 'SIGKILL')
    await processGone(webhookWorker!, 10_000)
    // The supervisor renices its new webhook worker just after forking it: a poll can see it in between.
    const replaced = await eventually(
      async () => serverProcesses(),
      (now) =>
        now.webhookWorker !== null &&
        now.webhookWorker !== webhookWorker &&
        getPriority(now.webhookWorker) > getPriority(workers[0]),
      15_000
    )
    assert.isAbove(getPriority(replaced.webhookWorker!), getPriority(workers[0]))
    const secondId = await dueDelivery()
    await makeSweepDue()
    assert.lengthOf(await triesOf(secondId), 1)
  })
})
