import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Rebuilds the petitions' support and oppose counters from the signature rows
 *: after a crash lost unflushed deltas, or to check the counters.
 */
export default class PetitionsRecount extends BaseCommand {
  static commandName = 'petitions:recount'
  static description =
    'Rebuild the signature counters of every petition (or one) from the signatures'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Only the petition with this id' })
  declare petition?: number

  async run() {
    const { recountSignatures } = await import('#services/signatures/counter')
    const { petitions, changed } = await recountSignatures(this.petition)
    this.logger.info(`${petitions} petition(s) recounted, ${changed} corrected`)
  }
}
