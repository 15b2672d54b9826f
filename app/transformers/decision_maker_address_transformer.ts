import { BaseTransformer } from '@adonisjs/core/transformers'
import type DecisionMakerAddress from '#models/decision_maker_address'

/** An address of the moderators' directory of decision makers. Moderators only. */
export default class DecisionMakerAddressTransformer extends BaseTransformer<DecisionMakerAddress> {
  toObject() {
    const entry = this.resource
    return {
      id: entry.id,
      email: entry.email,
      name: entry.name,
      status: entry.status,
      reason: entry.reason,
      decidedAt: entry.decidedAt.toISO()!,
    }
  }
}
