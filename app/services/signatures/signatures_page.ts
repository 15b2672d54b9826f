import type Petition from '#models/petition'
import { signaturesPage } from '#services/signatures/management'
import { deliveryChoices } from '#services/delivery/delivery_package'
import { paperBatchesOf } from '#services/petitions/paper_signatures'
import { handoversOf } from '#services/petitions/handovers'
import { signatureSources } from '#services/signatures/sources'

/**
 * What the owner's signatures page shows of a petition: its custom fields
 * (loaded on it, in order), one page of its signatures (newest first), its
 * paper batches, its hand-overs, whom a delivery package may be for, and
 * where its confirmed signatures came from.
 */
export async function loadSignaturesPage(petition: Petition, page: number) {
  await petition.load('customFields', (fields) => fields.orderBy('position'))
  const [signatures, paperBatches, handovers, delivery, sources] = await Promise.all([
    signaturesPage(petition, page),
    paperBatchesOf(petition.id),
    handoversOf(petition.id),
    deliveryChoices(petition),
    signatureSources(petition.id),
  ])
  return { signatures, paperBatches, handovers, delivery, sources }
}
