import { DateTime } from 'luxon'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import emitter from '@adonisjs/core/services/emitter'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import User from '#models/user'
import type Petition from '#models/petition'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDeliveriesDue from '#events/webhook_deliveries_due'
import type { ApiAbility } from '#shared/api_access'

/**
 * A receiver on the loopback that answers 200 to whatever the sender
 * brings; its address goes into `receiver.url`. Returns what stops it.
 */
export async function startAnsweringReceiver(receiver: { url: string }) {
  const server = createServer((_request, response) => response.writeHead(200).end('ok'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}

/** An API token of `member` (webhooks:manage unless told), its value and its id. */
export async function tokenFor(member: User, abilities: ApiAbility[] = ['webhooks:manage']) {
  const token = await User.apiTokens.create(member, abilities, { name: 'CRM sync' })
  return { value: token.value!.release(), identifier: token.identifier }
}

/** The four token routes of a petition's endpoints, with `token` as bearer (none: null). */
export function webhooksApi(client: ApiClient, token: string | null) {
  const auth = (request: ApiRequest) =>
    token ? request.header('authorization', `Bearer ${token}`) : request
  return {
    list: (guid: string) => auth(client.get(`/api/v1/petitions/${guid}/webhooks`)),
    add: (guid: string, body: Record<string, unknown>) =>
      auth(client.post(`/api/v1/petitions/${guid}/webhooks`).json(body)),
    remove: (guid: string, id: number) =>
      auth(client.delete(`/api/v1/petitions/${guid}/webhooks/${id}`)),
    test: (guid: string, id: number) =>
      auth(client.post(`/api/v1/petitions/${guid}/webhooks/${id}/test`)),
  }
}

/** An endpoint stored directly, for the tests that do not add it through a route. */
export function storedEndpoint(
  petition: Petition,
  url: string,
  overrides: Partial<WebhookEndpoint> = {}
) {
  return WebhookEndpoint.create({
    petitionId: petition.id,
    url,
    events: ['signature.confirmed'],
    secret: 'whsec_c3RvcmVkLXNlY3JldC1mb3ItdGVzdHM=',
    ...overrides,
  })
}

/** Disables an endpoint as the sender does after a day of failures. */
export async function disableAsTheSenderDoes(endpoint: WebhookEndpoint) {
  endpoint.merge({ failingSince: DateTime.now().minus({ days: 1 }), disabledAt: DateTime.now() })
  await endpoint.save()
}

/** The deliveries the sender was told about while `work` ran, through the real event. */
export async function toldDue(work: () => Promise<unknown>) {
  const told: number[] = []
  const listener = (event: WebhookDeliveriesDue) => told.push(...event.deliveryIds)
  emitter.on(WebhookDeliveriesDue, listener)
  try {
    await work()
  } finally {
    emitter.off(WebhookDeliveriesDue, listener)
  }
  return told
}
