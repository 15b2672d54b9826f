import { BaseTransformer } from '@adonisjs/core/transformers'
import type PetitionHandover from '#models/petition_handover'
import { uploadUrl } from '#support/uploads'

/** A hand-over the owner recorded: to whom, when, where, and its public photo. */
export default class HandoverTransformer extends BaseTransformer<PetitionHandover> {
  toObject() {
    const handover = this.resource
    return {
      id: handover.id,
      recipient: handover.recipient,
      handedOverOn: handover.handedOverOn.toISODate()!,
      place: handover.place,
      photoUrl: handover.photoPath ? uploadUrl(handover.photoPath) : null,
    }
  }
}
