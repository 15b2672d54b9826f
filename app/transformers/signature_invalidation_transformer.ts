import { BaseTransformer } from '@adonisjs/core/transformers'
import type SignatureInvalidation from '#models/signature_invalidation'

/**
 * An invalidation on its petition's moderation page: when, by whom, why,
 * the filter it chose signatures by, the rows it marked and how many of
 * them had counted, and when it was undone (null: it stands).
 */
export default class SignatureInvalidationTransformer extends BaseTransformer<SignatureInvalidation> {
  toObject() {
    const invalidation = this.resource
    return {
      id: invalidation.id,
      createdAt: invalidation.createdAt.toISO()!,
      actorName: invalidation.actorName,
      reason: invalidation.reason,
      filter: invalidation.filter,
      signatures: invalidation.signatures,
      counted: invalidation.counted,
      undoneAt: invalidation.undoneAt?.toISO() ?? null,
    }
  }
}
