import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { foldHourlyCounts } from '#runtime/signatures/flushed_counts'

/**
 * Every hour: hourly signature counts older than 48 hours (trending reads
 * the last 24) fold into daily counts, past each petition's first 7 days.
 */
export default class PruneHourlySignaturesJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await foldHourlyCounts(48)
  }
}
