import type Signature from '#models/signature'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { initialsOf } from '#shared/avatars'
import type { LiveSignature } from '#shared/petitions/live_signatures'

/**
 * A signer in a live update (`LiveSignature`): what the page's list shows
 * (`LastSignatureTransformer`), with an initials avatar as its initials and
 * colour. An anonymous signer comes without a name: the page writes the
 * word in its own language, so one message serves every language.
 */
export default class LiveSignatureTransformer extends BaseTransformer<Signature> {
  toObject(): LiveSignature {
    const signature = this.resource
    const member = signature.userId ? signature.user : null
    return {
      id: signature.id,
      anonymous: signature.private,
      user: signature.private
        ? { firstName: '', avatar: initialsOf('?') }
        : {
            firstName: signature.firstName,
            avatar: member
              ? (member.avatar ?? initialsOf(member.firstName, member.lastName))
              : initialsOf(signature.firstName, signature.lastName),
          },
      createdAt: signature.createdAt.toISO()!,
      comment: signature.comment,
    }
  }
}
