import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { pruneUnconfirmedSignatures } from '#services/signatures/unconfirmed_pruning'
import { pruneRepeatSignings } from '#services/signatures/repeat_signings'

/** Every day: unconfirmed signatures whose 7-day link has expired are deleted, and second signatures as old. */
export default class PruneUnconfirmedSignaturesJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await pruneUnconfirmedSignatures()
    await pruneRepeatSignings()
  }
}
