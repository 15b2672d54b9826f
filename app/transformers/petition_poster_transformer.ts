import type Petition from '#models/petition'
import { BaseTransformer } from '@adonisjs/core/transformers'

/** What a printed poster shows: no owner, no signer, nothing personal. */
export default class PetitionPosterTransformer extends BaseTransformer<Petition> {
  toObject() {
    const petition = this.resource
    return {
      ...this.pick(petition, ['slug', 'title', 'target', 'targetSignatures']),
      open: petition.isOpenForSigning,
    }
  }
}
