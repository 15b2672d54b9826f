import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { retryUnsentDeliveries } from '#services/decision_makers/delivery_mails'

/**
 * Every five minutes: a petition's mails to decision makers that did not
 * leave (dropped by the per-address guard, failed, lost in a crash) are
 * tried again, so that no recipient is shown as told who was not, nor
 * forgotten.
 */
export default class RetryDecisionMakerMailsJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await retryUnsentDeliveries()
  }
}
