import type MailDelivered from '#events/mail_delivered'
import { markDeliveriesSent } from '#services/decision_makers/delivery_mails'

/** A petition's mail to a decision maker left: its deliveries count as made from now. */
export default class RecordMailReceipts {
  async handle(event: MailDelivered) {
    await markDeliveriesSent(event.receipt.recipientDeliveries)
  }
}
