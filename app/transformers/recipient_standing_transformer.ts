import { BaseTransformer } from '@adonisjs/core/transformers'
import {
  awaitedSince,
  daysSince,
  type RecipientStanding,
} from '#shared/petitions/recipient_standing'

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
    const since = awaitedSince(this.resource)
    // Told first in person, or by a mail that left earlier.
    const byHand = since !== null && since === this.resource.handedOverOn && since !== deliveredAt
    return {
      id,
      name,
      role,
      status,
      /** The day they answered (ISO date, UTC), or null. */
      answeredOn: answeredAt ? answeredAt.slice(0, 10) : null,
      /** Their published response on the page, or null. */
      responseId: status === 'answered' ? responseId : null,
      /** Awaiting: how they were first told (by mail at a milestone, or in person), and since how many days. */
      toldBy: status === 'awaiting' ? (byHand ? ('hand' as const) : ('mail' as const)) : null,
      milestone: status === 'awaiting' && !byHand ? milestone : null,
      /** The day it was handed to them in person (ISO date), or null. */
      handedOverOn: this.resource.handedOverOn,
      daysWaiting: status === 'awaiting' && since ? daysSince(since, this.now) : null,
    }
  }
}
