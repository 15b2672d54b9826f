import type DecisionMakerAddress from '#models/decision_maker_address'
import { paginatorProps, type PageOfRows } from '#shared/pagination'
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
