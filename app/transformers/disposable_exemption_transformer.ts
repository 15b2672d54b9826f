import { BaseTransformer } from '@adonisjs/core/transformers'
import type DisposableDomainExemption from '#models/disposable_domain_exemption'

/**
 * A domain exempted from the kept list, with its `creator` preloaded: why,
 * by whom (null: an account deleted since) and since when. Moderators only.
 */
export default class DisposableExemptionTransformer extends BaseTransformer<DisposableDomainExemption> {
  toObject() {
    const exemption = this.resource
    return {
      id: exemption.id,
      domain: exemption.domain,
      reason: exemption.reason,
      createdBy: exemption.creator?.fullName ?? null,
      createdAt: exemption.createdAt.toISO()!,
    }
  }
}
