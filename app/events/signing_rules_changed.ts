import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/**
 * A moderator's change of the signing rules (a blocked domain or network,
 * an exemption, a lifted rule) has been committed: every process reads the
 * rules again before its next signature (start/events.ts).
 */
export default class SigningRulesChanged extends BaseEvent {
  /**
   * Dispatched once the change committed, and awaited, so that this process
   * has dropped its snapshot before the moderator is answered. A listener's
   * failure is logged: the change itself is stored.
   */
  static async announce() {
    await SigningRulesChanged.dispatch().catch((error) =>
      logger.warn({ err: error }, 'a signing rules listener failed')
    )
  }
}
