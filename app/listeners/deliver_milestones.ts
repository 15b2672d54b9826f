import type PetitionChanged from '#events/petition_changed'
import DeliverMilestoneJob from '#jobs/deliver_milestone_job'
import { petitionsToDeliver } from '#services/decision_makers/delivery'

/**
 * A petition whose support reached its next milestone, or which gained an
 * addressed recipient after one, is delivered to its decision makers by a
 * job. After a counter flush this is one indexed query for the petitions
 * it moved, whatever the number of signatures; a single signature's change
 * costs nothing here.
 */
export default class DeliverMilestones {
  async handle(event: PetitionChanged) {
    // A signature confirmed or withdrawn moves the counts only with the next flush.
    if (event.signaturesOnly) return
    const due = await petitionsToDeliver(event.petitionIds, !event.countsMoved)
    for (const petitionId of due) await DeliverMilestoneJob.dispatch({ petitionId })
  }
}
