import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Petition from '#models/petition'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
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

/** A pending delivery stored for `endpoint` and told to the sender, as a new event's would be. */
export async function deliverNow(
  endpoint: WebhookEndpoint,
  data: Record<string, unknown> = { n: 1 }
) {
  const delivery = await WebhookDelivery.create({
    endpointId: endpoint.id,
    messageId: newMessageId(),
    event: 'webhook.test',
    payload: webhookBody('webhook.test', data),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: DateTime.utc(),
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
