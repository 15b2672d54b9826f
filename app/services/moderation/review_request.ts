import { DateTime } from 'luxon'
import type User from '#models/user'
import ModerationEvent from '#models/moderation_event'
import { changePetitions } from '#models/petition_changes'

/**
 * The owner of a hidden petition, having fixed it, asks the moderators to
 * look again: it goes back to the queue ("review requested") until a
 * moderator restores it or keeps it hidden; the request is on the record.
 * Returns false when it was already asked for, or the petition is no
 * longer hidden (the policy let only its owner through, while hidden).
 */
export async function requestReview(owner: User, petitionId: number) {
  return changePetitions(async (changes) => {
    const petition = await changes.lockOrFail({ id: petitionId })
    if (!petition.hiddenAt || petition.reviewRequestedAt) return false
    petition.reviewRequestedAt = DateTime.utc()
    await petition.save()
    await ModerationEvent.record(changes.trx, {
      actor: owner,
      action: 'review_requested',
      petitionId: petition.id,
    })
    return true
  })
}
