import type WebhookDeliveriesDue from '#events/webhook_deliveries_due'
import SendWebhooksJob from '#jobs/send_webhooks_job'

/** Deliveries just stored are sent by the queue: one job for the ids of one event. */
export default class SendWebhooks {
  async handle(event: WebhookDeliveriesDue) {
    await SendWebhooksJob.dispatch({ deliveryIds: event.deliveryIds })
  }
}
