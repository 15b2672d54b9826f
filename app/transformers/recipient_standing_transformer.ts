import { BaseTransformer } from '@adonisjs/core/transformers'
import { daysSince, type RecipientStanding } from '#shared/petitions/recipient_standing'

/**
 * A decision maker on the petition's page: name, role and where they
 * stand, never their address. The days an answer has been awaited are
 * counted here, at `now` (ms), so that the server's render and the
 * browser's hydration print the same number.
 */
export default class RecipientStandingTransformer extends BaseTransformer<RecipientStanding> {
  constructor(
    standing: RecipientStanding,
    private now: number
  ) {
    super(standing)
  }

  toObject() {
    const { id, name, role, status, deliveredAt, milestone, answeredAt, responseId } = this.resource
    return {
      id,
      name,
      role,
      status,
      /** The day they answered (ISO date, UTC), or null. */
      answeredOn: answeredAt ? answeredAt.slice(0, 10) : null,
      /** Their published response on the page, or null. */
      responseId: status === 'answered' ? responseId : null,
      /** Awaiting: the milestone the petition was first mailed to them for, and since how many days. */
      milestone: status === 'awaiting' ? milestone : null,
      daysWaiting: status === 'awaiting' && deliveredAt ? daysSince(deliveredAt, this.now) : null,
    }
  }
}
