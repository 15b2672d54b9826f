import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Petition from '#models/petition'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import WebhookBody from '#models/webhook_body'
import WebhookDeliveriesDue from '#events/webhook_deliveries_due'
import { WEBHOOK_EVENTS, type WebhookEvent } from '#shared/webhook_events'
import { newMessageId, newWebhookSecret, webhookBody } from '#support/webhook_messages'
import { forgetWebhookEndpoints } from '#runtime/caches/process_caches'

/**
 * An endpoint of `petition` stored as the owner's form would store it
 * (the management routes are not this suite's), and the process copy of
 * who has endpoints forgotten, as their service does.
 */
export async function addEndpoint(
  petition: Petition,
  url: string,
  events: readonly WebhookEvent[] = WEBHOOK_EVENTS,
  secret = newWebhookSecret()
) {
  const endpoint = await WebhookEndpoint.create({
    petitionId: petition.id,
    url,
    events: [...events],
    secret,
  })
  forgetWebhookEndpoints()
  return endpoint
}

type DeliveryFields = Partial<
  Pick<WebhookDelivery, 'messageId' | 'event' | 'status' | 'attempts' | 'nextAttemptAt'>
> & { endpointId: number; body: string }

/** A delivery stored as the site stores one (its body apart), with its body loaded. */
export async function storedDelivery({ body, ...fields }: DeliveryFields) {
  const stored = await WebhookBody.create({ body })
  const delivery = await WebhookDelivery.create({
    messageId: newMessageId(),
    event: 'webhook.test',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: DateTime.utc(),
    ...fields,
    bodyId: stored.id,
  })
  await delivery.load('body')
  return delivery
}

/** A pending delivery stored for `endpoint` and told to the sender, as a new event's would be. */
export async function deliverNow(
  endpoint: WebhookEndpoint,
  data: Record<string, unknown> = { n: 1 }
) {
  const delivery = await storedDelivery({
    endpointId: endpoint.id,
    body: webhookBody('webhook.test', data),
  })
  await WebhookDeliveriesDue.tell([delivery.id])
  return delivery
}

/** A delivery's tries, oldest first. */
export function attemptsOf(deliveryId: number) {
  return db.from('webhook_attempts').where('delivery_id', deliveryId).orderBy('id')
}

/** The deliveries of an endpoint, oldest first. */
export function deliveriesOf(endpoint: WebhookEndpoint) {
  return WebhookDelivery.query().where('endpoint_id', endpoint.id).orderBy('id')
}

/**
 * Waits until `ready` holds: deliveries told after a commit are sent by the
 * queue beside the test. Gives up after a few seconds with the last value.
 */
export async function eventually<T>(read: () => Promise<T>, ready: (value: T) => boolean) {
  let value = await read()
  for (let tries = 0; tries < 100 && !ready(value); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    value = await read()
  }
  return value
}
