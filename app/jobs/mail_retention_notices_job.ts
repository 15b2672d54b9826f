import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { mailRetentionNotices } from '#services/signatures/retention'

/**
 * Every day: owners of finished petitions whose signers' personal data is
 * erased in 30 days are told, once, so that they can export it first.
 */
export default class MailRetentionNoticesJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await mailRetentionNotices()
  }
}
