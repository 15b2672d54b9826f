import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * News of a petition its signers are told of too: an update its owner
 * posted (`news`), or a substantive change of its text (`text`: the title,
 * the target or enough of the description; a typo fix is not news). Told
 * once the save has committed.
 */
export type PetitionUpdate =
  | { kind: 'news'; title: string; description: string | null; date: string }
  | { kind: 'text'; title: string; target: string; description: string }

export default class PetitionUpdated extends BaseEvent {
  constructor(
    readonly petitionId: number,
    readonly update: PetitionUpdate,
    readonly updatedAt: Date
  ) {
    super()
  }

  static tellAfterCommit(
    trx: TransactionClientContract,
    petitionId: number,
    update: PetitionUpdate
  ) {
    const updatedAt = new Date()
    trx.after('commit', () => {
      PetitionUpdated.dispatch(petitionId, update, updatedAt).catch((error) =>
        logger.warn({ err: error }, 'a petition update listener failed')
      )
    })
  }
}
