import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { deliverMilestone } from '#services/decision_makers/delivery'

/**
 * A petition reached a milestone (or gained a recipient after one): its
 * recipients with an address are mailed it. Safe to run twice at once or
 * again: the petition's row is locked and each recipient gets one delivery
 * per milestone.
 */
export default class DeliverMilestoneJob extends Job<{ petitionId: number }> {
  static options: JobOptions = { queue: 'default', maxRetries: 3 }

  async execute() {
    await deliverMilestone(this.payload.petitionId)
  }
}
