import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { mailPetitionNews } from '#services/petitions/signer_news'

/**
 * Every five minutes: the petitions with news whose signers were last mailed
 * a day ago or more mail it to those who asked for it. Safe to run twice at
 * once: each petition is claimed by one conditional UPDATE.
 */
export default class MailPetitionNewsJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await mailPetitionNews()
  }
}
