import type Signature from '#models/signature'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { avatarFor, initialsAvatar } from '#support/avatar'

/**
 * A signer in the public list: first name and avatar only, never
 * the e-mail; an anonymous signature shows under `anonymousName` with a
 * default avatar, and says it is anonymous.
 */
export default class LastSignatureTransformer extends BaseTransformer<Signature> {
  constructor(
    signature: Signature,
    private anonymousName: string
  ) {
    super(signature)
  }

  toObject() {
    const signature = this.resource
    const member = signature.userId ? signature.user : null
    return {
      id: signature.id,
      /** Shown under the page's word for "Anonymous" (live updates carry no name for it). */
      anonymous: signature.private,
      user: signature.private
        ? { firstName: this.anonymousName, avatar: initialsAvatar('?') }
        : {
            firstName: signature.firstName,
            avatar: member
              ? avatarFor(member)
              : initialsAvatar(signature.firstName, signature.lastName),
          },
      createdAt: signature.createdAt.toISO()!,
      comment: signature.comment,
    }
  }
}
