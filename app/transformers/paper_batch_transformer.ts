import { BaseTransformer } from '@adonisjs/core/transformers'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type PaperSignatureBatch from '#models/paper_signature_batch'

/**
 * A batch of paper signatures, as its owner and moderators see it: how
 * many, where, when, its status and the decision's reason, and the address
 * of its photo (served to them alone). `decider` preloaded.
 */
export default class PaperBatchTransformer extends BaseTransformer<PaperSignatureBatch> {
  constructor(
    batch: PaperSignatureBatch,
    private guid: string
  ) {
    super(batch)
  }

  toObject() {
    const batch = this.resource
    return {
      id: batch.id,
      signatures: batch.signatures,
      place: batch.place,
      collectedOn: batch.collectedOn.toISODate()!,
      status: batch.status,
      decisionReason: batch.decisionReason,
      decidedAt: batch.decidedAt?.toISO() ?? null,
      decidedBy: batch.decider?.fullName ?? null,
      createdAt: batch.createdAt.toISO()!,
      photoUrl: batch.photoPath
        ? urlFor('petitions.paper.photo', { guid: this.guid, id: batch.id })
        : null,
    }
  }
}
