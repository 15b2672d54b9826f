import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { pruneIdentityChecks } from '#services/identity/identity_pruning'

/** Every hour: identity checks and verifications a day past their expiry are forgotten. */
export default class PruneIdentityChecksJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await pruneIdentityChecks()
  }
}
