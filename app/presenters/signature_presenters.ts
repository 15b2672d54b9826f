import type Petition from '#models/petition'
import type Signature from '#models/signature'
import type PaperSignatureBatch from '#models/paper_signature_batch'
import type PetitionHandover from '#models/petition_handover'
import { paginatorProps, type PageOfRows } from '#shared/pagination'
import ManagedSignatureTransformer from '#transformers/managed_signature_transformer'
import ManagedPetitionTransformer, {
  customFieldsColumns,
} from '#transformers/managed_petition_transformer'
import PaperBatchTransformer from '#transformers/paper_batch_transformer'
import HandoverTransformer from '#transformers/handover_transformer'
import type { SignatureSources } from '#shared/signature_sources'

/**
 * Petition/Signatures: the owner's table of signatures, 50 a page, newest
 * first, with what was recorded offline; `customFields` loaded on the petition.
 */
export function managedSignaturesProps<Delivery>(
  petition: Petition,
  page: {
    signatures: PageOfRows<Signature>
    paperBatches: PaperSignatureBatch[]
    handovers: PetitionHandover[]
    delivery: Delivery
    sources: SignatureSources
  },
  viewer: { csrfToken: string; canRecordOffline: boolean }
) {
  return {
    petition: ManagedPetitionTransformer.transform(petition),
    signatures: paginatorProps(page.signatures, (signature) =>
      new ManagedSignatureTransformer(signature).toObject()
    ),
    customFieldsColumns: customFieldsColumns(petition.customFields),
    csrfToken: viewer.csrfToken,
    /** The sheet and delivery package's choices: whom a package may be for. */
    delivery: page.delivery,
    /** Its batches of paper signatures, newest first, with their status. */
    paperBatches: page.paperBatches.map((batch) =>
      new PaperBatchTransformer(batch, petition.guid).toObject()
    ),
    /** The hand-overs its owner recorded. */
    handovers: page.handovers.map((handover) => new HandoverTransformer(handover).toObject()),
    /** Where its confirmed signatures came from: by source, and by day and source (no signer in it). */
    sources: page.sources,
    /** Only its owner records what happened offline; a moderator sees it. */
    canRecordOffline: viewer.canRecordOffline,
  }
}
