import { BaseTransformer } from '@adonisjs/core/transformers'
import type SignatureInvalidation from '#models/signature_invalidation'

/**
 * A standing invalidation as the petition's public page tells it: its
 * date, its reason and the counted signatures it removed. Never its filter,
 * the moderator, nor any signer.
 */
export default class ModeratorRemovalTransformer extends BaseTransformer<SignatureInvalidation> {
  toObject() {
    const invalidation = this.resource
    return {
      id: invalidation.id,
      date: invalidation.createdAt.toISO()!,
      reason: invalidation.reason,
      signaturesRemoved: invalidation.counted,
    }
  }
}
