import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { pruneWebhookDeliveries } from '#services/webhooks/retention'

/** Every day: finished webhook deliveries and their bodies older than 30 days are forgotten. */
export default class PruneWebhookDeliveriesJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await pruneWebhookDeliveries()
  }
}
