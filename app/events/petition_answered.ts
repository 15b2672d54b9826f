import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * A response to a petition was published: one its owner or a moderator
 * recorded, or a decision maker's answer through their link. Told once the
 * transaction that stored it has committed.
 */
export default class PetitionAnswered extends BaseEvent {
  constructor(
    readonly petitionId: number,
    readonly responseId: number
  ) {
    super()
  }

  static tellAfterCommit(trx: TransactionClientContract, petitionId: number, responseId: number) {
    trx.after('commit', () => {
      PetitionAnswered.dispatch(petitionId, responseId).catch((error) =>
        logger.warn({ err: error }, 'a petition response listener failed')
      )
    })
  }
}
