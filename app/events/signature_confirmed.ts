import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/** A signature was confirmed by its mailed link, for the first time. */
export default class SignatureConfirmed extends BaseEvent {
  constructor(readonly petitionId: number) {
    super()
  }

  /** Dispatched once the confirmation is stored; a listener's failure is logged, it stays confirmed. */
  static async tell(petitionId: number) {
    await SignatureConfirmed.dispatch(petitionId).catch((error) =>
      logger.warn({ err: error }, 'a signature listener failed')
    )
  }
}
