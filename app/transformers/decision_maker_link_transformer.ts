import { BaseTransformer } from '@adonisjs/core/transformers'
import type RecipientDelivery from '#models/recipient_delivery'

/**
 * What the page of a decision maker's mailed link shows of its delivery:
 * the petition and the recipient's name and role, never their address.
 * `slug` is null while the petition is not public.
 */
export default class DecisionMakerLinkTransformer extends BaseTransformer<RecipientDelivery> {
  toObject() {
    const { petition, recipient } = this.resource
    return {
      petition: {
        title: petition.title,
        target: petition.target,
        slug: petition.isPublic ? (petition.slug as string | null) : null,
      },
      recipient: { name: recipient.name, role: recipient.payload ?? '' },
      milestone: this.resource.milestone,
    }
  }
}
