import Petition from '#models/petition'
import PetitionResponse from '#models/petition_response'
import type { WebhookEvent } from '#shared/webhook_events'
import type PetitionMilestoneReached from '#events/petition_milestone_reached'
import type PetitionAnswered from '#events/petition_answered'
import type PetitionUpdated from '#events/petition_updated'
import type PetitionClosed from '#events/petition_closed'
import { petitionsWanting } from '#runtime/webhooks/live_endpoints'
import { deliverPetitionEvent } from '#runtime/webhooks/new_deliveries'

/**
 * A petition's own events, as deliveries to its webhook endpoints that
 * want them. A petition without such an endpoint costs a lookup in the
 * process copy, never a query.
 */
export default class SendPetitionWebhooks {
  async milestone(event: PetitionMilestoneReached) {
    await deliverTo([event.petitionId], 'petition.milestone', (petition) => ({
      milestone: {
        signatures: event.milestone,
        target: petition.targetSignatures,
        isTarget: event.milestone >= petition.targetSignatures,
        supportCount: event.supportCount,
        reachedAt: event.reachedAt.toISOString(),
      },
    }))
  }

  async answered(event: PetitionAnswered) {
    const wanted = await petitionsWanting([event.petitionId], ['petition.answered'])
    if (wanted.size === 0) return
    const response = await PetitionResponse.find(event.responseId)
    // Removed again before this ran: there is nothing to announce.
    if (!response) return
    await deliverTo([event.petitionId], 'petition.answered', () => ({
      response: {
        id: response.id,
        responder: response.responder,
        responderRole: response.responderRole,
        respondedOn: response.respondedOn.toISODate(),
        body: response.body,
        fromDecisionMaker: response.fromRecipient,
      },
    }))
  }

  async updated(event: PetitionUpdated) {
    await deliverTo([event.petitionId], 'petition.updated', () => ({
      update: { ...event.update, at: event.updatedAt.toISOString() },
    }))
  }

  async closed(event: PetitionClosed) {
    await deliverTo(event.petitionIds, 'petition.closed', (petition) => ({
      closed: {
        by: event.by,
        at: (petition.finishedAt ?? petition.closesAt)?.toUTC().toISO() ?? null,
      },
    }))
  }
}

/** Each petition's message to its endpoints that want `type`: read only for those that have one. */
async function deliverTo(
  petitionIds: number[],
  type: WebhookEvent,
  dataOf: (petition: Petition) => Record<string, unknown>
) {
  const wanted = await petitionsWanting(petitionIds, [type])
  if (wanted.size === 0) return
  const petitions = await Petition.query().whereIn('id', [...wanted])
  for (const petition of petitions) await deliverPetitionEvent(petition, type, dataOf(petition))
}
