import type Signature from '#models/signature'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { avatarFor, initialsAvatar } from '#support/avatar'

/**
 * A row of the owner's signatures table, with the signer's `user` preloaded
 * when a member. The signer's e-mail is for the petition's owner only.
 */
export default class ManagedSignatureTransformer extends BaseTransformer<Signature> {
  toObject() {
    const signature = this.resource
    const member = signature.userId ? signature.user : null
    return {
      id: signature.id,
      active: signature.active,
      /** Taken out by moderators' bulk invalidation: only they can put it back. */
      removedByModerators: signature.invalidationId !== null,
      /** Stopped by the moderators' rules at signing: not counted, no toggle (never which rule). */
      stoppedByRules: signature.blockedRule !== null,
      /** Signed anonymously: shown as Anonymous in public, named here. */
      private: signature.private,
      user: {
        avatar: member
          ? avatarFor(member)
          : initialsAvatar(signature.firstName, signature.lastName),
        firstName: signature.firstName,
        lastName: signature.lastName,
        email: signature.email,
      },
      /** ISO 3166-1 alpha-2, or null for a signature from before the form asked. */
      country: signature.country,
      /** As typed, when the petition asks for it. */
      postalCode: signature.postalCode,
      comment: signature.comment,
      /** Custom field id → answer. */
      customFieldsData: signature.customFieldsData,
      score: signature.score,
      confirmedAt: signature.confirmedAt?.toISO() ?? null,
      createdAt: signature.createdAt.toISO()!,
    }
  }
}
