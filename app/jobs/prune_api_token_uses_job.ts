import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { pruneTokenUses } from '#services/api_tokens/token_uses'

/** Every day: the API tokens' requests older than 90 days are forgotten. */
export default class PruneApiTokenUsesJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await pruneTokenUses()
  }
}
