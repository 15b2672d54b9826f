import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import emitter from '@adonisjs/core/services/emitter'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import type Petition from '#models/petition'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import WebhookEndpointsChanged from '#events/webhook_endpoints_changed'
import { petitionsWithWebhooks } from '#runtime/webhooks/live_endpoints'
import { newWebhookSecret } from '#support/webhook_messages'
import { startWebhookReceiver } from '#tests/helpers/webhook_receiver'
import { attemptsOf, eventually, storedDelivery } from '#tests/helpers/webhooks'
import {
  disableAsTheSenderDoes,
  startAnsweringReceiver,
  storedEndpoint,
  toldDue,
} from '#tests/helpers/webhook_endpoints'
import { makeMember, flashed } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { fieldErrors } from '#tests/helpers/validation'
import { PetitionFactory } from '#database/factories/petition_factory'

/** The address of a receiver on the loopback that answers 200. */
const receiver = { url: '' }

function ownerPage(client: ApiClient, owner: User, petition: Petition) {
  return client.get(`/petition/${petition.guid}/webhooks`).withInertia().loginAs(owner)
}

function addThroughPage(
  client: ApiClient,
  owner: User,
  petition: Petition,
  body: Record<string, unknown> = { url: `${receiver.url}/hooks`, events: ['signature.confirmed'] }
) {
  return client
    .post(`/petition/${petition.guid}/webhooks`)
    .header('referer', `http://undersign.test/petition/${petition.guid}/webhooks`)
    .json(body)
    .withCsrfToken()
    .loginAs(owner)
    .redirects(0)
}

function postThroughPage(client: ApiClient, owner: User, path: string) {
  return client.post(path).withCsrfToken().loginAs(owner).redirects(0)
}

test.group('Webhook endpoints: the owner’s page', (group) => {
  group.setup(() => startAnsweringReceiver(receiver))
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the owner adds an endpoint: its secret is shown on the next page only, never listed', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    // The sender's copy of who has endpoints, read before: the change must not wait for its life.
    assert.isFalse((await petitionsWithWebhooks()).has(petition.id))
    const changed: number[] = []
    const listener = (event: WebhookEndpointsChanged) => changed.push(event.petitionId)
    emitter.on(WebhookEndpointsChanged, listener)
    const added = await addThroughPage(client, petition.user, petition, {
      url: `${receiver.url}/hooks`,
      events: ['signature.confirmed', 'petition.closed', 'signature.confirmed'],
    })
    emitter.off(WebhookEndpointsChanged, listener)
    added.assertStatus(302)
    assert.equal(added.header('location'), `/petition/${petition.guid}/webhooks`)
    assert.deepEqual(changed, [petition.id])
    assert.sameMembers(
      [...(await petitionsWithWebhooks()).get(petition.id)!],
      ['signature.confirmed', 'petition.closed']
    )

    const [endpoint] = await WebhookEndpoint.query().where('petition_id', petition.id)
    assert.deepEqual(endpoint.events, ['signature.confirmed', 'petition.closed'])
    const secret = (added.flashMessages() as Record<string, any>).webhookSecret?.secret
    assert.equal(secret, endpoint.secret)
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/)
    // Stored encrypted: the table does not hold the secret itself.
    const row = await WebhookEndpoint.query().where('id', endpoint.id).pojo<{ secret: string }>()
    assert.notInclude(JSON.stringify(row), secret)

    const shown = await client
      .get(`/petition/${petition.guid}/webhooks`)
      .withInertia()
      .loginAs(petition.user)
      .withFlashMessages({ webhookSecret: { endpointId: endpoint.id, secret } })
    shown.assertInertiaComponent('Petition/Webhooks')
    assert.equal(shown.inertiaProps.newSecret.secret, secret)

    const later = await ownerPage(client, petition.user, petition)
    assert.isNull(later.inertiaProps.newSecret)
    assert.notInclude(JSON.stringify(later.inertiaProps), secret)
    assert.deepInclude(later.inertiaProps.endpoints[0], {
      id: endpoint.id,
      url: `${receiver.url}/hooks`,
      events: ['signature.confirmed', 'petition.closed'],
      state: 'active',
      failingSince: null,
      disabledAt: null,
    })
  })

  test('bad input is refused under its field: no address, events outside the list, none', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    for (const [body, field] of [
      [{ url: 'not a url', events: ['signature.confirmed'] }, 'url'],
      [{ url: 'ftp://127.0.0.1/x', events: ['signature.confirmed'] }, 'url'],
      [{ url: `${receiver.url}/x`, events: ['signature.created'] }, 'events.0'],
      [{ url: `${receiver.url}/x`, events: ['webhook.test'] }, 'events.0'],
      [{ url: `${receiver.url}/x`, events: [] }, 'events'],
    ] as const) {
      const refused = await addThroughPage(client, petition.user, petition, body)
      refused.assertStatus(302)
      assert.isTrue(field in fieldErrors(refused), JSON.stringify(body))
    }
    assert.lengthOf(await WebhookEndpoint.all(), 0)
  })

  test('a sixth endpoint is refused under url; the page says the petition has the most', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    for (let index = 0; index < 5; index++) {
      ;(await addThroughPage(client, petition.user, petition)).assertStatus(302)
    }
    const sixth = await addThroughPage(client, petition.user, petition)
    assert.match(fieldErrors(sixth).url[0], /at most 5 endpoints/)
    assert.lengthOf(await WebhookEndpoint.query().where('petition_id', petition.id), 5)
  })

  test('the owner deletes an endpoint and enables a disabled one again', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const disabled = await storedEndpoint(petition, `${receiver.url}/stored`)
    await disableAsTheSenderDoes(disabled)
    const page = await ownerPage(client, petition.user, petition)
    assert.equal(page.inertiaProps.endpoints[0].state, 'disabled')
    assert.isFalse((await petitionsWithWebhooks()).has(petition.id))

    const enabled = await postThroughPage(
      client,
      petition.user,
      `/petition/${petition.guid}/webhooks/${disabled.id}/enable`
    )
    enabled.assertStatus(302)
    assert.match(flashed(enabled, 'alerts', 'success')!, /enabled again/)
    await disabled.refresh()
    assert.isNull(disabled.disabledAt)
    assert.isNull(disabled.failingSince)
    assert.isTrue((await petitionsWithWebhooks()).has(petition.id))

    const deleted = await client
      .delete(`/petition/${petition.guid}/webhooks/${disabled.id}`)
      .withCsrfToken()
      .loginAs(petition.user)
      .redirects(0)
    deleted.assertStatus(302)
    assert.lengthOf(await WebhookEndpoint.all(), 0)
    assert.isFalse((await petitionsWithWebhooks()).has(petition.id))
  })

  test('each "send a test event" makes one new delivery, signed and sent, in the log with its try', async ({
    assert,
    client,
    cleanup,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const secret = newWebhookSecret()
    const crm = await startWebhookReceiver(secret)
    cleanup(() => crm.close())
    const endpoint = await storedEndpoint(petition, crm.url, { secret })
    const path = `/petition/${petition.guid}/webhooks/${endpoint.id}/test`
    const told = await toldDue(async () => {
      ;(await postThroughPage(client, petition.user, path)).assertStatus(302)
      ;(await postThroughPage(client, petition.user, path)).assertStatus(302)
    })
    const deliveries = await WebhookDelivery.query().preload('body').orderBy('id')
    assert.lengthOf(deliveries, 2)
    assert.deepEqual(
      told,
      deliveries.map((delivery) => Number(delivery.id))
    )
    assert.notEqual(deliveries[0].messageId, deliveries[1].messageId)
    for (const delivery of deliveries) {
      assert.equal(delivery.event, 'webhook.test')
      assert.match(delivery.messageId, /^msg_/)
      assert.deepEqual(JSON.parse(delivery.body.body).data, {
        petition: { guid: petition.guid, slug: petition.slug, title: petition.title },
        test: true,
      })
    }
    const received = await eventually(
      async () => crm.received,
      (list) => list.length === 2
    )
    assert.deepEqual(
      received.map(({ id, verified }) => ({ id, verified })),
      deliveries.map(({ messageId }) => ({ id: messageId, verified: true }))
    )
    // The receiver answers before the sender records its answer.
    await eventually(
      () => WebhookDelivery.all(),
      (rows) => rows.every((row) => row.status === 'delivered')
    )

    const page = await ownerPage(client, petition.user, petition)
    const shown = page.inertiaProps.deliveries as Array<{
      id: number
      status: string
      attempts: { statusCode: number | null }[]
    }>
    assert.deepEqual(
      shown.map(({ id, status, attempts }) => ({
        id,
        status,
        codes: attempts.map(({ statusCode }) => statusCode),
      })),
      [
        { id: deliveries[1].id, status: 'delivered', codes: [200] },
        { id: deliveries[0].id, status: 'delivered', codes: [200] },
      ]
    )
  })

  test('"send again" sends the same delivery again: same message id and body', async ({
    assert,
    client,
    cleanup,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const secret = newWebhookSecret()
    const crm = await startWebhookReceiver(secret)
    cleanup(() => crm.close())
    const endpoint = await storedEndpoint(petition, crm.url, { secret })
    await postThroughPage(
      client,
      petition.user,
      `/petition/${petition.guid}/webhooks/${endpoint.id}/test`
    )
    const [delivery] = await WebhookDelivery.query().preload('body')
    const told = await toldDue(async () => {
      const resent = await postThroughPage(
        client,
        petition.user,
        `/petition/${petition.guid}/webhooks/deliveries/${delivery.id}/resend`
      )
      resent.assertStatus(302)
      assert.match(flashed(resent, 'alerts', 'success')!, /same message id/)
    })
    assert.deepEqual(told, [delivery.id])
    const received = await eventually(
      async () => crm.received,
      (list) => list.length === 2
    )
    assert.deepEqual(
      received.map(({ id, body, verified }) => ({ id, body, verified })),
      [1, 2].map(() => ({ id: delivery.messageId, body: delivery.body.body, verified: true }))
    )
    const attempts = await eventually(
      () => attemptsOf(delivery.id),
      (rows) => rows.length === 2
    )
    assert.lengthOf(attempts, 2)
    await delivery.refresh()
    assert.equal(delivery.status, 'delivered')
    assert.lengthOf(await WebhookDelivery.all(), 1)
  })

  test('another member, a moderator and a guest get nothing; another petition’s rows are 404', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    const endpoint = await storedEndpoint(petition, `${receiver.url}/stored`)
    const otherEndpoint = await storedEndpoint(other, `${receiver.url}/stored`)
    const otherDelivery = await storedDelivery({
      endpointId: otherEndpoint.id,
      messageId: 'msg_of-another-petition',
      body: '{}',
      status: 'delivered',
      attempts: 1,
    })
    for (const stranger of [await makeMember(), await makeModerator()]) {
      ;(await ownerPage(client, stranger, petition)).assertStatus(404)
      ;(await addThroughPage(client, stranger, petition)).assertStatus(404)
      const base = `/petition/${petition.guid}/webhooks/${endpoint.id}`
      ;(await postThroughPage(client, stranger, `${base}/test`)).assertStatus(404)
      ;(await postThroughPage(client, stranger, `${base}/enable`)).assertStatus(404)
      const removed = await client.delete(base).withCsrfToken().loginAs(stranger).redirects(0)
      removed.assertStatus(404)
    }
    const guest = await client.get(`/petition/${petition.guid}/webhooks`).redirects(0)
    guest.assertStatus(302)
    assert.include(guest.header('location'), '/login')

    // The owner of `petition` names the other petition's rows through their own petition.
    const owner = petition.user
    const mine = `/petition/${petition.guid}/webhooks`
    ;(await postThroughPage(client, owner, `${mine}/${otherEndpoint.id}/test`)).assertStatus(404)
    ;(await postThroughPage(client, owner, `${mine}/${otherEndpoint.id}/enable`)).assertStatus(404)
    const resend = `${mine}/deliveries/${otherDelivery.id}/resend`
    ;(await postThroughPage(client, owner, resend)).assertStatus(404)
    const removed = await client
      .delete(`${mine}/${otherEndpoint.id}`)
      .withCsrfToken()
      .loginAs(owner)
      .redirects(0)
    removed.assertStatus(404)
    assert.lengthOf(await WebhookEndpoint.all(), 2)
    assert.lengthOf(await WebhookDelivery.all(), 1)
  })

  test('every session route refuses a request without its CSRF token', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const endpoint = await storedEndpoint(petition, `${receiver.url}/stored`)
    const delivery = await storedDelivery({
      endpointId: endpoint.id,
      messageId: 'msg_csrf',
      body: '{}',
      status: 'failed',
      attempts: 1,
    })
    const base = `/petition/${petition.guid}/webhooks`
    const owner = petition.user
    const requests = [
      client.post(base).json({ url: `${receiver.url}/x`, events: ['petition.closed'] }),
      client.delete(`${base}/${endpoint.id}`),
      client.post(`${base}/${endpoint.id}/enable`),
      client.post(`${base}/${endpoint.id}/test`),
      client.post(`${base}/deliveries/${delivery.id}/resend`),
    ]
    for (const request of requests) (await request.loginAs(owner).redirects(0)).assertStatus(419)
    assert.lengthOf(await WebhookEndpoint.all(), 1)
    assert.lengthOf(await WebhookDelivery.all(), 1)
    await delivery.refresh()
    assert.equal(delivery.status, 'failed')
  })

  test('test events and "send again" are rate-limited per member', async ({ assert, client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const endpoint = await storedEndpoint(petition, `${receiver.url}/stored`)
    const path = `/petition/${petition.guid}/webhooks/${endpoint.id}/test`
    let status = 302
    let sent = 0
    while (status === 302 && sent < 100) {
      status = (await postThroughPage(client, petition.user, path)).status()
      if (status === 302) sent++
    }
    assert.equal(status, 429)
    assert.equal(sent, 60)
    assert.lengthOf(await WebhookDelivery.all(), 60)
  })
})
