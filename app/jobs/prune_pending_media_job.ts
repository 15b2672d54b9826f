import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { prunePendingMedia } from '#services/petitions/media'

/** Every hour: media of petitions never saved, older than 24 hours, are deleted. */
export default class PrunePendingMediaJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await prunePendingMedia(24)
  }
}
