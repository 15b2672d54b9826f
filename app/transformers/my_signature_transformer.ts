import type Signature from '#models/signature'
import { BaseTransformer } from '@adonisjs/core/transformers'

/** Where a signed petition stands: signing, finished, or taken off the site by its owner. */
export type SignedPetitionState = 'open' | 'finished' | 'unpublished'

/**
 * Why one of the member's signatures does not count: moderators removed it,
 * the petition's author switched it off, or (a rule stopped it) it simply
 * does not; their own list says which of theirs count.
 */
export type NotCountedBecause = 'removed' | 'deactivated' | 'stopped'

/**
 * A row of My signatures, with its petition preloaded. Only the member's own
 * signature: no address, since they know it, and nothing of other signers.
 */
export default class MySignatureTransformer extends BaseTransformer<Signature> {
  constructor(
    resource: Signature,
    /** Its receipt (leaf and secret), told to its signer only; null until the log has it. */
    private receipt: string | null = null
  ) {
    super(resource)
  }

  toObject() {
    const signature = this.resource
    const petition = signature.petition
    // Past its closing date it is closed, even before the job finished it.
    const closed = petition.finished || petition.hasPassedClosingDate
    const state: SignedPetitionState = !petition.published
      ? 'unpublished'
      : closed
        ? 'finished'
        : 'open'
    return {
      id: signature.id,
      signedAt: signature.createdAt.toISO()!,
      support: signature.score > 0,
      /** Signed anonymously: the public lists show "Anonymous". */
      private: signature.private,
      confirmed: signature.confirmedAt !== null,
      /** False: it does not count (see `notCounted`). */
      active: signature.active,
      notCounted: signature.active ? null : notCountedBecause(signature),
      /** For /verify#<receipt>: the member's own, never shown to anyone else. */
      receipt: this.receipt,
      petition: {
        title: petition.title,
        /** Null when the petition is no longer published: there is no page to link to. */
        slug: state === 'unpublished' ? null : petition.slug,
        state,
        allowOpposite: petition.allowOpposite,
        supportCount: petition.supportCount,
        opposeCount: petition.opposeCount,
        targetSignatures: petition.targetSignatures,
      },
    }
  }
}

function notCountedBecause(signature: Signature): NotCountedBecause {
  if (signature.invalidationId !== null) return 'removed'
  return signature.blockedRule !== null ? 'stopped' : 'deactivated'
}
