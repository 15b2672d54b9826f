import type DecisionMakerAddress from '#models/decision_maker_address'
import type RecipientDelivery from '#models/recipient_delivery'
import { paginatorProps, type PageOfRows } from '#shared/pagination'
import DecisionMakerLinkTransformer from '#transformers/decision_maker_link_transformer'
import DecisionMakerAddressTransformer from '#transformers/decision_maker_address_transformer'
import PendingRecipientTransformer, {
  type PendingRecipientRow,
} from '#transformers/pending_recipient_transformer'

/**
 * Moderation/DecisionMakers: the addresses waiting for approval (with their
 * petition and letter), and a page of the directory of those judged, as searched.
 */
export function decisionMakersProps(
  pending: { rows: PendingRecipientRow[]; total: number },
  directory: PageOfRows<DecisionMakerAddress>,
  search: string,
  viewerId: number
) {
  return {
    pending: pending.rows.map((row) => new PendingRecipientTransformer(row, viewerId).toObject()),
    pendingTotal: pending.total,
    directory: paginatorProps(directory, (entry) =>
      new DecisionMakerAddressTransformer(entry).toObject()
    ),
    search,
  }
}

/**
 * Petition/Answer: the form a decision maker answers from, at the link's
 * address while it answers (`open`), or why it no longer does.
 */
export function answerFormProps(delivery: RecipientDelivery | null, answerUrl: string) {
  const state: 'invalid' | 'answered' | 'open' | 'unavailable' = !delivery
    ? 'invalid'
    : delivery.answeredAt
      ? 'answered'
      : delivery.petition.isPublic
        ? 'open'
        : 'unavailable'
  return {
    answerUrl: state === 'open' ? answerUrl : null,
    state,
    delivery: delivery ? new DecisionMakerLinkTransformer(delivery).toObject() : null,
  }
}

/** Petition/StopRecipientMails: the button that stops a decision maker's mails, or that they stopped. */
export function stopRecipientMailsProps(
  delivery: RecipientDelivery | null,
  stopUrl: string,
  stopped: boolean
) {
  return {
    stopUrl: delivery ? stopUrl : null,
    delivery: delivery ? new DecisionMakerLinkTransformer(delivery).toObject() : null,
    stopped,
  }
}
