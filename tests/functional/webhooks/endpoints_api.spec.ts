import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import WebhookEndpointRefusedException from '#exceptions/webhook_endpoint_refused_exception'
import { createEndpoint } from '#services/webhooks/endpoints'
import {
  disableAsTheSenderDoes,
  startAnsweringReceiver,
  storedEndpoint,
  toldDue,
  tokenFor,
  webhooksApi as api,
} from '#tests/helpers/webhook_endpoints'
import { PetitionFactory } from '#database/factories/petition_factory'

/** The address of a receiver on the loopback that answers 200. */
const receiver = { url: '' }

test.group('Webhook endpoints: registration refusals', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('loopback without WEBHOOKS_ALLOW_PRIVATE, private and metadata addresses are refused', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const input = (url: string) => ({ url, events: ['signature.confirmed' as const] })
    for (const url of [
      'http://127.0.0.1/',
      'https://127.0.0.1/',
      'http://10.1.2.3/',
      'https://10.1.2.3/',
      'http://169.254.169.254/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
    ]) {
      const refusal = await createEndpoint(petition, input(url), { allowPrivate: false }).then(
        () => null,
        (error) => error
      )
      assert.instanceOf(refusal, WebhookEndpointRefusedException, url)
      assert.include(['not_https', 'not_public'], refusal.reason, url)
    }
    assert.lengthOf(await WebhookEndpoint.all(), 0)
    const allowed = await createEndpoint(petition, input('http://127.0.0.1:9/'), {
      allowPrivate: true,
    })
    assert.match(allowed.secret, /^whsec_/)
  })
})

test.group('Webhook endpoints: the token routes', (group) => {
  group.setup(() => startAnsweringReceiver(receiver))
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a token adds (201, the secret once), lists, tests (202) and deletes (204)', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const { value } = await tokenFor(petition.user)
    const calls = api(client, value)

    const added = await calls.add(petition.guid, {
      url: `${receiver.url}/crm`,
      events: ['signature.confirmed', 'signature.withdrawn'],
    })
    added.assertStatus(201)
    const created = added.body().data
    assert.match(created.secret, /^whsec_/)
    assert.equal(created.url, `${receiver.url}/crm`)
    assert.equal(created.state, 'active')

    const listed = await calls.list(petition.guid)
    listed.assertStatus(200)
    assert.lengthOf(listed.body().data, 1)
    assert.notProperty(listed.body().data[0], 'secret')
    assert.notInclude(listed.text(), created.secret)

    const told = await toldDue(async () => {
      const first = await calls.test(petition.guid, created.id)
      first.assertStatus(202)
      assert.equal(first.body().data.event, 'webhook.test')
      const second = await calls.test(petition.guid, created.id)
      assert.notEqual(second.body().data.messageId, first.body().data.messageId)
    })
    assert.lengthOf(told, 2)
    assert.lengthOf(await WebhookDelivery.all(), 2)

    const removed = await calls.remove(petition.guid, created.id)
    removed.assertStatus(204)
    assert.lengthOf(await WebhookEndpoint.all(), 0)
    assert.lengthOf(await WebhookDelivery.all(), 0)
  })

  test('bad input: 422 with each field’s translated message; a sixth endpoint refused', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const { value } = await tokenFor(petition.user)
    const calls = api(client, value)
    const refused = await calls.add(petition.guid, { url: 'nope', events: ['signature.created'] })
    refused.assertStatus(422)
    const errors = refused.body().errors as { code: string; field: string; message: string }[]
    assert.sameMembers(
      errors.map(({ field }) => field),
      ['url', 'events.0']
    )
    for (const error of errors) assert.equal(error.code, 'invalid')
    assert.equal(errors.find(({ field }) => field === 'url')!.message, 'Please enter a valid URL')

    const spanish = await calls
      .add(petition.guid, { url: `${receiver.url}/x`, events: [] })
      .header('host', 'es.undersign.test')
    assert.deepEqual(spanish.body().errors, [
      { code: 'invalid', field: 'events', message: 'Elige al menos un evento' },
    ])

    for (let index = 0; index < 5; index++) {
      const ok = await calls.add(petition.guid, {
        url: `${receiver.url}/${index}`,
        events: ['petition.closed'],
      })
      ok.assertStatus(201)
    }
    const sixth = await calls.add(petition.guid, {
      url: `${receiver.url}/6`,
      events: ['petition.closed'],
    })
    sixth.assertStatus(422)
    assert.equal(sixth.body().errors[0].field, 'url')
    assert.match(sixth.body().errors[0].message, /at most 5 endpoints/)
  })

  test('401 without a token or with a revoked one; 403 without webhooks:manage', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const endpoint = await storedEndpoint(petition, `${receiver.url}/stored`)
    const nobody = api(client, null)
    ;(await nobody.list(petition.guid)).assertStatus(401)
    ;(
      await nobody.add(petition.guid, { url: `${receiver.url}/x`, events: ['petition.closed'] })
    ).assertStatus(401)
    ;(await nobody.remove(petition.guid, endpoint.id)).assertStatus(401)
    ;(await nobody.test(petition.guid, endpoint.id)).assertStatus(401)

    const revoked = await tokenFor(petition.user)
    await User.apiTokens.delete(petition.user, revoked.identifier)
    const withRevoked = await api(client, revoked.value).list(petition.guid)
    withRevoked.assertStatus(401)
    assert.equal(withRevoked.body().errors[0].code, 'unauthorized')

    const reader = await tokenFor(petition.user, ['signatures:read'])
    const calls = api(client, reader.value)
    for (const response of [
      await calls.list(petition.guid),
      await calls.add(petition.guid, { url: `${receiver.url}/x`, events: ['petition.closed'] }),
      await calls.remove(petition.guid, endpoint.id),
      await calls.test(petition.guid, endpoint.id),
    ]) {
      response.assertStatus(403)
      assert.equal(response.body().errors[0].code, 'forbidden')
    }
    assert.lengthOf(await WebhookEndpoint.all(), 1)
    assert.lengthOf(await WebhookDelivery.all(), 0)
  })

  test('another member’s petition or endpoint is 404, whatever the route', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    const otherEndpoint = await storedEndpoint(other, `${receiver.url}/stored`)
    const { value } = await tokenFor(petition.user)
    const calls = api(client, value)
    const unknownGuid = '00000000-0000-4000-8000-000000000000'
    for (const response of [
      await calls.list(other.guid),
      await calls.list(unknownGuid),
      await calls.add(other.guid, { url: `${receiver.url}/x`, events: ['petition.closed'] }),
      await calls.remove(other.guid, otherEndpoint.id),
      await calls.test(other.guid, otherEndpoint.id),
      await calls.remove(petition.guid, otherEndpoint.id),
      await calls.test(petition.guid, otherEndpoint.id),
    ]) {
      response.assertStatus(404)
      assert.deepEqual(response.body(), {
        errors: [{ code: 'not_found', message: 'Not found, or not one of your petitions.' }],
      })
    }
    assert.lengthOf(await WebhookEndpoint.all(), 1)
    assert.lengthOf(await WebhookDelivery.all(), 0)
  })

  test('a disabled endpoint takes no test event until it is enabled again (409)', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const endpoint = await storedEndpoint(petition, `${receiver.url}/stored`)
    await disableAsTheSenderDoes(endpoint)
    const { value } = await tokenFor(petition.user)
    const refused = await api(client, value).test(petition.guid, endpoint.id)
    refused.assertStatus(409)
    assert.equal(refused.body().errors[0].code, 'disabled')
    assert.lengthOf(await WebhookDelivery.all(), 0)
  })
})
