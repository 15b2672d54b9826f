import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { eraseExpiredSignatures } from '#services/signatures/retention'

/**
 * Every day: the signers' personal data of petitions finished longer ago
 * than SIGNATURE_RETENTION_MONTHS, whose owner was told 30 days before, is
 * anonymised; the counts stay.
 */
export default class EraseExpiredSignaturesJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await eraseExpiredSignatures()
  }
}
