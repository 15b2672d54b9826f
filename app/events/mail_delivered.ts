import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/**
 * What a sent mail stands for, when something waits for it to leave: the
 * deliveries of a petition to a decision maker, which count as made only
 * once their mail left.
 */
export type MailReceipt = { recipientDeliveries: number[] }

/** A mail that carried a receipt has left: its sender records it. */
export default class MailDelivered extends BaseEvent {
  constructor(readonly receipt: MailReceipt) {
    super()
  }

  /** Dispatched; a listener's failure is logged, never the sender's (the mail has left). */
  static async tell(receipt: MailReceipt) {
    await MailDelivered.dispatch(receipt).catch((error) =>
      logger.warn({ err: error }, 'a sent mail could not be recorded')
    )
  }
}
