import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { detectUnusualSigning } from '#services/fraud/unusual_signing'

/**
 * Every minute: petitions where one network or e-mail domain gave too many
 * of the last hour's signatures go to the moderators' queue as "unusual
 * signing", once per petition and hour.
 */
export default class DetectUnusualSigningJob extends Job<Record<string, never>> {
  // No retry: the next minute's run looks again.
  static options: JobOptions = { queue: 'default', maxRetries: 0 }

  async execute() {
    await detectUnusualSigning()
  }
}
