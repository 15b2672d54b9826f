import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Petition from '#models/petition'
import WebhookDelivery from '#models/webhook_delivery'
import WebhookDeliveriesDue from '#events/webhook_deliveries_due'
import { webhookBody, webhookPetitionRef } from '#support/webhook_messages'
import { storeDeliveries } from '#runtime/webhooks/new_deliveries'
import { WEBHOOK_TEST_EVENT } from '#shared/webhook_events'
import { WEBHOOK_LOG_SIZE } from '#shared/webhook_endpoints'
import { endpointOf } from '#services/webhooks/endpoints'

/**
 * The owner's side of deliveries: a test event, "send again", and the log.
 * A delivery is a row of `webhook_deliveries` (the queue of record): it is
 * committed first, then the sender is told that it is due.
 */

/** What asking for a delivery came to: queued, no such endpoint or delivery here, or disabled. */
export type DeliveryRequest =
  { status: 'queued'; delivery: WebhookDelivery } | { status: 'not_found' } | { status: 'disabled' }

/** The ids of the petition's endpoints, as a subquery. */
function endpointIdsOf(petition: Petition) {
  return db.from('webhook_endpoints').select('id').where('petition_id', petition.id)
}

/**
 * A `webhook.test` message to one of the petition's endpoints: a new
 * delivery (its own message id) each time it is asked for. A disabled
 * endpoint is enabled again first, by its owner's choice, not by a test.
 */
export async function sendTestEvent(
  petition: Petition,
  endpointId: number
): Promise<DeliveryRequest> {
  const endpoint = await endpointOf(petition, endpointId)
  if (!endpoint) return { status: 'not_found' }
  if (endpoint.disabledAt) return { status: 'disabled' }
  const body = webhookBody(WEBHOOK_TEST_EVENT, {
    petition: webhookPetitionRef(petition),
    test: true,
  })
  const [id] = await db.transaction((trx) =>
    storeDeliveries(trx, [{ endpointId: endpoint.id, event: WEBHOOK_TEST_EVENT, body }])
  )
  await WebhookDeliveriesDue.tell([id])
  return { status: 'queued', delivery: await WebhookDelivery.findOrFail(id) }
}

/**
 * "Send again": the same delivery, due now, with the same message id and
 * body (a receiver drops one it has already handled). Another petition's
 * delivery is not found.
 */
export async function resendDelivery(
  petition: Petition,
  deliveryId: number
): Promise<DeliveryRequest> {
  const delivery = await WebhookDelivery.query()
    .where('id', deliveryId)
    .whereIn('endpoint_id', endpointIdsOf(petition))
    .first()
  if (!delivery) return { status: 'not_found' }
  const endpoint = await endpointOf(petition, delivery.endpointId)
  if (endpoint?.disabledAt) return { status: 'disabled' }
  delivery.merge({ status: 'pending', nextAttemptAt: DateTime.now() })
  await delivery.save()
  await WebhookDeliveriesDue.tell([delivery.id])
  return { status: 'queued', delivery }
}

/** The petition's newest deliveries, every endpoint's together, each with its tries in order. */
export function deliveryLog(petition: Petition) {
  return WebhookDelivery.query()
    .whereIn('endpoint_id', endpointIdsOf(petition))
    .orderBy('id', 'desc')
    .limit(WEBHOOK_LOG_SIZE)
    .preload('tries', (tries) => tries.orderBy('id', 'asc'))
}
