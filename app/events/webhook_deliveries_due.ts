import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/**
 * Webhook deliveries were stored as pending and due now (new events, a test
 * event, "send again"): the sender takes them out of `webhook_deliveries`,
 * which is the queue of record. Told after the rows committed.
 */
export default class WebhookDeliveriesDue extends BaseEvent {
  constructor(readonly deliveryIds: number[]) {
    super()
  }

  /** A listener's failure is logged: the rows stay pending, and the sweep sends them. */
  static async tell(deliveryIds: number[]) {
    if (deliveryIds.length === 0) return
    await WebhookDeliveriesDue.dispatch(deliveryIds).catch((error) =>
      logger.warn({ err: error }, 'a webhook delivery listener failed')
    )
  }
}
