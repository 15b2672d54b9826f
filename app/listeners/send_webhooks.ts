import type WebhookDeliveriesDue from '#events/webhook_deliveries_due'
import SendWebhooksJob from '#jobs/send_webhooks_job'

/** Deliveries are sent by the queue. */
export default class SendWebhooks {
  /** Deliveries just stored: one job for the ids of one event. */
  async handle(event: WebhookDeliveriesDue) {
    await SendWebhooksJob.dispatch({ deliveryIds: event.deliveryIds })
  }

  /** Signature events just recorded: a job that makes their deliveries, then sends what is due. */
  async signatureEventsRecorded() {
    await SendWebhooksJob.dispatch({})
  }
}
