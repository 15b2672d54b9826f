import { BaseEvent } from '@adonisjs/core/events'
import logger from '@adonisjs/core/services/logger'

/** Dispatches that have not been handled yet. */
const pending = new Set<Promise<void>>()

/**
 * What a petition's page shows has changed: its text or settings, its
 * counts, its last signatures, its responses, whether it is public. The
 * listeners (start/events.ts) bring every copy of it up to date: the
 * cached page data of every process (this one at once, the others through
 * Redis) always; the trending ranking, the site's total and the live counts
 * on open pages when its counts moved (a counter flush), so that
 * they follow the flushes, once a second, never each signature.
 */
export default class PetitionChanged extends BaseEvent {
  constructor(
    readonly petitionIds: number[],
    readonly countsMoved = false,
    /**
     * Only its signatures changed (one confirmed, withdrawn, switched off):
     * the last signatures shown move, the petition itself did not. Listeners
     * that follow the petition's own changes skip these, which come once per
     * signature on the signing path.
     */
    readonly signaturesOnly = false
  ) {
    super()
  }

  /**
   * Dispatches a change that has been stored (`changePetitions` calls it
   * once the transaction committed). A listener's failure is logged: the
   * change itself is stored.
   */
  static announce(...event: ConstructorParameters<typeof PetitionChanged>): Promise<void> {
    const handled = PetitionChanged.dispatch(...event)
      .catch((error) => logger.warn({ err: error }, 'a petition change listener failed'))
      .finally(() => pending.delete(handled))
    pending.add(handled)
    return handled
  }

  /** Resolves once every change committed so far has been handled by its listeners. */
  static async handled() {
    await Promise.all(pending)
  }
}
