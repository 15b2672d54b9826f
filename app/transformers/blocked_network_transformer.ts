import { BaseTransformer } from '@adonisjs/core/transformers'
import type BlockedNetwork from '#models/blocked_network'

/**
 * A network the moderators blocked (its hash only), with its `creator`
 * preloaded: why, by whom, since and until when. Moderators only.
 */
export default class BlockedNetworkTransformer extends BaseTransformer<BlockedNetwork> {
  toObject() {
    const blocked = this.resource
    return {
      id: blocked.id,
      networkHash: blocked.networkHash,
      reason: blocked.reason,
      createdBy: blocked.creator?.fullName ?? null,
      createdAt: blocked.createdAt.toISO()!,
      expiresAt: blocked.expiresAt.toISO()!,
    }
  }
}
