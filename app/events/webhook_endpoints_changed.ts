import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/**
 * A petition's webhook endpoints were added, removed or enabled again
 * (committed): whatever keeps which petitions have endpoints, and which
 * events they want, reads them again.
 */
export default class WebhookEndpointsChanged extends BaseEvent {
  constructor(readonly petitionId: number) {
    super()
  }

  /** Told after the commit; a listener's failure is logged: the change itself is stored. */
  static async announce(petitionId: number) {
    await WebhookEndpointsChanged.dispatch(petitionId).catch((error) =>
      logger.warn({ err: error }, 'a webhook endpoints listener failed')
    )
  }
}
