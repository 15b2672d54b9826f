import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/**
 * A mail could not be sent this time: the mail server refused it or did not
 * answer (most are tried again), or a queued mail could not be opened. Sent
 * mails are told by @adonisjs/mail's own `mail:sent`.
 */
export default class MailFailed extends BaseEvent {
  /** Dispatched; a listener's failure is logged, never the sender's. */
  static async tell() {
    await MailFailed.dispatch().catch((error) =>
      logger.warn({ err: error }, 'a mail failure listener failed')
    )
  }
}
