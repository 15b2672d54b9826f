import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { pruneHourlyCounts } from '#services/signatures/counter'

/** Every hour: hourly signature counts older than 48 hours (trending reads the last 24). */
export default class PruneHourlySignaturesJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await pruneHourlyCounts(48)
  }
}
