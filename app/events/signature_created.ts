import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/** The sign form stored a signature (a new row, or one replacing an unconfirmed one). */
export default class SignatureCreated extends BaseEvent {
  constructor(
    readonly petitionId: number,
    /** A verified member's signature counts at once; anyone else's waits for its link. */
    readonly confirmed: boolean
  ) {
    super()
  }

  /** Dispatched once the signature is stored; a listener's failure is logged, the signature stays. */
  static async tell(petitionId: number, confirmed: boolean) {
    await SignatureCreated.dispatch(petitionId, confirmed).catch((error) =>
      logger.warn({ err: error }, 'a signature listener failed')
    )
  }
}
