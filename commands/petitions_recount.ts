import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Rebuilds the petitions' support and oppose counters from the signature
 * rows: to check the counters, or to repair them after a change made outside
 * the app (the counted changes themselves survive a crash as delta rows).
 */
export default class PetitionsRecount extends BaseCommand {
  static commandName = 'petitions:recount'
  static description =
    'Rebuild the signature counters of every petition (or one) from the signatures'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Only the petition with this id' })
  declare petition?: number

  async run() {
    const { recountSignatures } = await import('#services/signatures/recount')
    const { petitions, changed } = await recountSignatures(this.petition)
    this.logger.info(`${petitions} petition(s) recounted, ${changed} corrected`)
  }
}
