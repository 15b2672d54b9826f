import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * A petition's support reached a milestone it had not reached before (the
 * highest, when several were passed at once); told once the transaction
 * that recorded it has committed.
 */
export default class PetitionMilestoneReached extends BaseEvent {
  constructor(
    readonly petitionId: number,
    readonly milestone: number,
    readonly supportCount: number,
    readonly reachedAt: Date
  ) {
    super()
  }

  static tellAfterCommit(trx: TransactionClientContract, ...args: [number, number, number, Date]) {
    trx.after('commit', () => {
      PetitionMilestoneReached.dispatch(...args).catch((error) =>
        logger.warn({ err: error }, 'a petition milestone listener failed')
      )
    })
  }
}
