import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { PetitionFactory } from '#database/factories/petition_factory'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import SendWebhooksJob from '#jobs/send_webhooks_job'
import { webhookSending } from '#runtime/webhooks/sender'
import { judgeDestination } from '#runtime/webhooks/destinations'
import { WEBHOOK_MAX_ATTEMPTS } from '#support/webhook_retries'
import { emptiedAfterwards } from '#tests/helpers/database'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { outbox } from '#tests/helpers/outbox'
import { startWebhookReceiver, type WebhookReceiver } from '#tests/helpers/webhook_receiver'
import { addEndpoint, attemptsOf, deliverNow } from '#tests/helpers/webhooks'
import { webhookBody } from '#support/webhook_messages'
import { storeDeliveries } from '#runtime/webhooks/new_deliveries'
import WebhookDeliveriesDue from '#events/webhook_deliveries_due'

/** Runs the every-minute sweep now, as the schedule would. */
const sweep = () => SendWebhooksJob.dispatch({})

async function petitionWithReceiver() {
  const petition = await PetitionFactory.apply('published').with('user').create()
  await petition.load('user')
  const endpoint = await addEndpoint(petition, 'http://placeholder.invalid/')
  const receiver = await startWebhookReceiver(endpoint.secret)
  endpoint.url = receiver.url
  await endpoint.save()
  return { petition, endpoint, receiver }
}

test.group('Webhooks: sending', (group) => {
  let receiver: WebhookReceiver | null = null
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await outbox.clear()
    const timeout = webhookSending.timeoutMs
    return async () => {
      webhookSending.timeoutMs = timeout
      restoreClock()
      await receiver?.close()
      receiver = null
    }
  })

  test('a delivery is signed as Standard Webhooks says, sent once and recorded', async ({
    assert,
  }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    const delivery = await deliverNow(setup.endpoint, { hello: 'world' })

    assert.lengthOf(receiver.received, 1)
    const [got] = receiver.received
    assert.isTrue(got.verified)
    assert.equal(got.id, delivery.messageId)
    assert.match(got.id, /^msg_/)
    assert.match(got.signature, /^v1,[A-Za-z0-9+/=]+$/)
    assert.match(got.timestamp, /^\d{10}$/)
    assert.equal(got.contentType, 'application/json')
    assert.equal(got.userAgent, 'Undersign-Webhooks/1')
    assert.equal(got.body, delivery.body.body)
    assert.deepEqual(got.data.data, { hello: 'world' })

    const stored = await WebhookDelivery.findOrFail(delivery.id)
    assert.equal(stored.status, 'delivered')
    assert.equal(stored.attempts, 1)
    assert.isNotNull(stored.deliveredAt)
    const [attempt] = await attemptsOf(delivery.id)
    assert.equal(attempt.status_code, 200)
    assert.isNull(attempt.error)
    // Told again (a second event, the sweep): a delivered row is not sent twice.
    await sweep()
    assert.lengthOf(receiver.received, 1)
  })

  test('a receiver that fails with a 500, a timeout and a closed socket gets the same id and body on every retry, until it answers', async ({
    assert,
  }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    webhookSending.timeoutMs = 300
    receiver.answer(500, 'timeout', 'close', 200)
    const start = DateTime.utc()
    const delivery = await deliverNow(setup.endpoint)
    let stored = await WebhookDelivery.findOrFail(delivery.id)
    assert.equal(stored.status, 'pending')
    assert.equal(stored.attempts, 1)
    assert.isNotNull((await WebhookEndpoint.findOrFail(setup.endpoint.id)).failingSince)

    // Not due yet: the sweep sends nothing.
    await sweep()
    assert.lengthOf(receiver.received, 1)
    // 5 s, 5 min, 30 min later: each retry when it is due.
    for (const seconds of [6, 6 + 300, 6 + 300 + 1800]) {
      setClock(start.plus({ seconds }))
      await sweep()
    }
    assert.lengthOf(receiver.received, 4)
    assert.deepEqual(new Set(receiver.received.map((got) => got.id)), new Set([delivery.messageId]))
    assert.deepEqual(
      new Set(receiver.received.map((got) => got.body)),
      new Set([delivery.body.body])
    )
    assert.isTrue(receiver.received.every((got) => got.verified))

    stored = await WebhookDelivery.findOrFail(delivery.id)
    assert.equal(stored.status, 'delivered')
    assert.equal(stored.attempts, 4)
    const attempts = await attemptsOf(delivery.id)
    assert.deepEqual(
      attempts.map((attempt) => [attempt.status_code, attempt.error]),
      [
        [500, null],
        [null, 'timed out'],
        [null, 'connection closed'],
        [200, null],
      ]
    )
    // A success clears the endpoint's failing streak.
    assert.isNull((await WebhookEndpoint.findOrFail(setup.endpoint.id)).failingSince)
  })

  test('a flush’s many deliveries to one endpoint are all sent at once over a few kept connections, each recorded once', async ({
    assert,
  }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    // More than a round claims: a surge's flush names thousands.
    const bodies = Array.from({ length: 250 }, (_, n) => webhookBody('webhook.test', { n }))
    const ids = await db.transaction((trx) =>
      storeDeliveries(
        trx,
        bodies.map((body) => ({ endpointId: setup.endpoint.id, event: 'webhook.test', body }))
      )
    )
    await WebhookDeliveriesDue.tell(ids)

    assert.lengthOf(receiver.received, 250)
    assert.equal(new Set(receiver.received.map((got) => got.id)).size, 250)
    assert.sameMembers(
      receiver.received.map((got) => got.body),
      bodies
    )
    assert.isTrue(receiver.received.every((got) => got.verified))
    // At most the destination's sockets, opened once and reused: not one connection a message.
    assert.isAtMost(receiver.connections(), 8)
    const stored = await WebhookDelivery.query().whereIn('id', ids)
    assert.isTrue(stored.every((row) => row.status === 'delivered' && row.attempts === 1))
    const attempts = await db.from('webhook_attempts').whereIn('delivery_id', ids)
    assert.lengthOf(attempts, 250)
    assert.isTrue(attempts.every((attempt) => attempt.status_code === 200))
  })

  test('a kept connection the receiver closes as it is reused is replaced within the same try', async ({
    assert,
  }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    await deliverNow(setup.endpoint)
    // The next request arrives on the kept connection, which the receiver drops unanswered.
    receiver.answer('close')
    const delivery = await deliverNow(setup.endpoint)

    assert.equal(receiver.connections(), 2)
    assert.deepEqual(
      receiver.received.slice(1).map((got) => got.id),
      [delivery.messageId, delivery.messageId]
    )
    const stored = await WebhookDelivery.findOrFail(delivery.id)
    assert.equal(stored.status, 'delivered')
    assert.equal(stored.attempts, 1)
    const [attempt] = await attemptsOf(delivery.id)
    assert.equal(attempt.status_code, 200)
  })

  test('after its last try a delivery has failed for good', async ({ assert }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    receiver.answer(503, 503)
    const delivery = await deliverNow(setup.endpoint)
    await db
      .from('webhook_deliveries')
      .where('id', delivery.id)
      .update({ attempts: WEBHOOK_MAX_ATTEMPTS - 1, status: 'pending' })
    setClock(DateTime.utc().plus({ minutes: 1 }))
    await sweep()
    const stored = await WebhookDelivery.findOrFail(delivery.id)
    assert.equal(stored.status, 'failed')
    assert.equal(stored.attempts, WEBHOOK_MAX_ATTEMPTS)
    assert.isNull(stored.nextAttemptAt)
  })

  test('an endpoint failing for a day is disabled, its owner mailed once, and nothing more is sent to it', async ({
    assert,
  }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    receiver.answer(500, 500, 500, 500, 500)
    const start = DateTime.utc()
    const first = await deliverNow(setup.endpoint)
    assert.isNull((await WebhookEndpoint.findOrFail(setup.endpoint.id)).disabledAt)

    // A day later, another failure: the endpoint is disabled.
    setClock(start.plus({ hours: 24, minutes: 1 }))
    await deliverNow(setup.endpoint)
    const endpoint = await WebhookEndpoint.findOrFail(setup.endpoint.id)
    assert.isNotNull(endpoint.disabledAt)
    assert.isFalse(endpoint.wants('signature.confirmed'))
    const mails = await outbox.to(setup.petition.user.email)
    assert.lengthOf(mails, 1)
    assert.include(mails[0].subject, 'was switched off')
    assert.include(mails[0].text, receiver.url)

    // Its pending deliveries wait: neither the sweep nor a new event sends them.
    const sent = receiver.received.length
    setClock(start.plus({ hours: 30 }))
    await sweep()
    await deliverNow(setup.endpoint)
    assert.lengthOf(receiver.received, sent)
    assert.equal((await WebhookDelivery.findOrFail(first.id)).status, 'pending')
    assert.lengthOf(await outbox.to(setup.petition.user.email), 1)
  })

  test('a redirect is followed to an allowed address, judged first', async ({ assert }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    receiver.answer({ redirect: '/moved', status: 308 })
    const delivery = await deliverNow(setup.endpoint)
    assert.deepEqual(
      receiver.received.map((got) => got.path),
      ['/hooks', '/moved']
    )
    assert.isTrue(receiver.received.every((got) => got.verified && got.id === delivery.messageId))
    assert.equal((await WebhookDelivery.findOrFail(delivery.id)).status, 'delivered')
  })

  test('a redirect to the metadata address is refused before anything is sent there', async ({
    assert,
  }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    receiver.answer({ redirect: 'http://169.254.169.254/latest/meta-data/', status: 302 })
    const delivery = await deliverNow(setup.endpoint)
    assert.lengthOf(receiver.received, 1)
    const [attempt] = await attemptsOf(delivery.id)
    assert.isNull(attempt.status_code)
    assert.equal(attempt.error, 'redirect not allowed')
    assert.equal((await WebhookDelivery.findOrFail(delivery.id)).status, 'pending')
  })

  test('more than three redirects end the try', async ({ assert }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    receiver.answer(...Array.from({ length: 4 }, (_, n) => ({ redirect: `/hop${n}` })))
    const delivery = await deliverNow(setup.endpoint)
    assert.lengthOf(receiver.received, 4)
    const [attempt] = await attemptsOf(delivery.id)
    assert.equal(attempt.error, 'too many redirects')
  })
})

test.group('Webhooks: destinations judged before connecting', () => {
  const strict = { allowPrivate: false }
  const local = { allowPrivate: true }

  test('loopback is refused without the flag, in every notation', async ({ assert }) => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://0177.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://localhost/',
    ]) {
      assert.deepEqual(
        await judgeDestination(url, strict),
        { allowed: false, reason: 'not_public' },
        url
      )
    }
  })

  test('with the flag, loopback is allowed at the address the URL parser reads', async ({
    assert,
  }) => {
    const judged = await judgeDestination('http://2130706433/', local)
    assert.isTrue(judged.allowed)
    if (judged.allowed) {
      assert.equal(judged.url.hostname, '127.0.0.1')
      assert.deepEqual(judged.addresses, ['127.0.0.1'])
    }
    const named = await judgeDestination('http://localhost:9/', local)
    assert.isTrue(named.allowed)
  })

  test('private ranges are refused without the flag', async ({ assert }) => {
    for (const url of [
      'http://10.0.0.1/',
      'http://10.255.255.255/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://[fd12:3456::1]/',
    ]) {
      assert.deepEqual(
        await judgeDestination(url, strict),
        { allowed: false, reason: 'not_public' },
        url
      )
    }
  })

  test('link-local and metadata addresses are refused even with the flag', async ({ assert }) => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.1.1/',
      'http://[fe80::1]/',
      'http://[fd00:ec2::254]/',
      'http://100.100.100.200/',
      'http://[::ffff:169.254.169.254]/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
    ]) {
      assert.deepEqual(
        await judgeDestination(url, local),
        { allowed: false, reason: 'not_public' },
        url
      )
    }
  })

  test('only https in production, and only web addresses', async ({ assert }) => {
    assert.deepEqual(await judgeDestination('http://93.184.215.14/', { allowHttp: false }), {
      allowed: false,
      reason: 'not_https',
    })
    const https = await judgeDestination('https://93.184.215.14/hook', { allowHttp: false })
    assert.isTrue(https.allowed)
    for (const url of ['ftp://93.184.215.14/', 'file:///etc/passwd', 'not a url', 'http://']) {
      assert.deepEqual(await judgeDestination(url), { allowed: false, reason: 'invalid' }, url)
    }
  })
})
