import { BaseTransformer } from '@adonisjs/core/transformers'
import type BlockedEmailDomain from '#models/blocked_email_domain'
import { bigMailProviderCovered } from '#shared/fraud/big_mail_providers'

/**
 * A domain the moderators blocked, with its `creator` preloaded: why, by
 * whom (null: an account deleted since) and since when. Moderators only.
 */
export default class BlockedDomainTransformer extends BaseTransformer<BlockedEmailDomain> {
  toObject() {
    const blocked = this.resource
    return {
      id: blocked.id,
      domain: blocked.domain,
      reason: blocked.reason,
      createdBy: blocked.creator?.fullName ?? null,
      createdAt: blocked.createdAt.toISO()!,
      /** False for a block of a big mail provider stored before they were refused: signing ignores it. */
      applied: bigMailProviderCovered(blocked.domain) === null,
    }
  }
}
