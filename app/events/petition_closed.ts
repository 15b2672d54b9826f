import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** Who closed a petition for signing: its closing date, its owner, or the moderators. */
export type ClosedBy = 'date' | 'owner' | 'moderator'

/**
 * Petitions were closed for signing (finished): told once the transaction
 * that finished them has committed. A petition already finished that a
 * moderator closes too is not closed again.
 */
export default class PetitionClosed extends BaseEvent {
  constructor(
    readonly petitionIds: number[],
    readonly by: ClosedBy
  ) {
    super()
  }

  static tellAfterCommit(trx: TransactionClientContract, petitionIds: number[], by: ClosedBy) {
    if (petitionIds.length === 0) return
    trx.after('commit', () => {
      PetitionClosed.dispatch(petitionIds, by).catch((error) =>
        logger.warn({ err: error }, 'a petition closing listener failed')
      )
    })
  }
}
