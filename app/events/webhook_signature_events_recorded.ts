import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/**
 * The counter's flush recorded confirmations or withdrawals for petitions'
 * webhooks (`webhook_signature_events`): the sender turns them into
 * deliveries and sends them. Told after the flush committed.
 */
export default class WebhookSignatureEventsRecorded extends BaseEvent {
  /** A listener's failure is logged: the rows stay, and the sweep turns them into deliveries. */
  static async tell() {
    await WebhookSignatureEventsRecorded.dispatch().catch((error) =>
      logger.warn({ err: error }, 'a webhook signature events listener failed')
    )
  }
}
