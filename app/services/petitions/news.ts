import { DateTime } from 'luxon'
import PetitionUpdate from '#models/petition_update'
import type Petition from '#models/petition'
import type User from '#models/user'
import { MAX_UPDATES } from '#shared/petitions/constants'
import ModerationEvent from '#models/moderation_event'
import { noteNews } from '#services/petitions/signer_news'
import { changePetitions } from '#models/petition_changes'

export type NewsInput = { title: string; createdAt: Date; description?: string }

/**
 * Posts one news item on the petition, as the edit form's updates are
 * written: a published petition's signers who asked for its news get it in
 * their next mail, and a moderator's post is on the record as an edit.
 * Returns null when the petition already holds as many as it may.
 */
export async function postNews(actor: User, petition: Petition, input: NewsInput) {
  return changePetitions(async ({ trx, lockOrFail }) => {
    // The petition's row is locked so that two posts at once count each other.
    const locked = await lockOrFail({ id: petition.id })
    const [{ total }] = await trx
      .from('petition_updates')
      .where('petition_id', petition.id)
      .count('* as total')
    if (Number(total) >= MAX_UPDATES) return null
    // Noted before the insert, in its transaction: see noteNews.
    if (locked.published) await noteNews(petition.id, trx)
    const update = await PetitionUpdate.create(
      {
        petitionId: petition.id,
        title: input.title,
        description: input.description || null,
        happenedOn: DateTime.fromJSDate(input.createdAt),
      },
      { client: trx }
    )
    await ModerationEvent.recordIfModeration(trx, actor, petition, 'petition_edited', {
      reason: input.title,
    })
    return update
  })
}
