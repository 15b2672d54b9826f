import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { pruneContactMessages } from '#services/mail/contact'

/** Every day: contact messages written more than 12 months ago are deleted. */
export default class PruneContactMessagesJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await pruneContactMessages()
  }
}
