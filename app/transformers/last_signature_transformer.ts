import type Signature from '#models/signature'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { pageSignature } from '#shared/petitions/live_signatures'
import LiveSignatureTransformer from '#transformers/live_signature_transformer'

/**
 * A signer in the public list: first name and avatar only, never
 * the e-mail; an anonymous signature shows under `anonymousName` with a
 * default avatar, and says it is anonymous. The same signer as a live
 * update sends it (`LiveSignatureTransformer`), its avatar drawn.
 */
export default class LastSignatureTransformer extends BaseTransformer<Signature> {
  constructor(
    signature: Signature,
    private anonymousName: string
  ) {
    super(signature)
  }

  toObject() {
    const signer = pageSignature(new LiveSignatureTransformer(this.resource).toObject())
    if (!signer.anonymous) return signer
    return { ...signer, user: { ...signer.user, firstName: this.anonymousName } }
  }
}
