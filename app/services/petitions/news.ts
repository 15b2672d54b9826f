import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Petition from '#models/petition'
import PetitionUpdate from '#models/petition_update'
import type User from '#models/user'
import { MAX_UPDATES } from '#shared/petitions/constants'
import { recordIfModeration } from '#services/moderation/audit_trail'
import { noteNews } from '#services/petitions/signer_news'
import PetitionChanged from '#events/petition_changed'

export type NewsInput = { title: string; createdAt: Date; description?: string }

/**
 * Posts one news item on the petition, as the edit form's updates are
 * written: a published petition's signers who asked for its news get it in
 * their next mail, and a moderator's post is on the record as an edit.
 * Returns null when the petition already holds as many as it may.
 */
export async function postNews(actor: User, petition: Petition, input: NewsInput) {
  return db.transaction(async (trx) => {
    // The petition's row is locked so that two posts at once count each other.
    const locked = await Petition.query({ client: trx })
      .where('id', petition.id)
      .forUpdate()
      .firstOrFail()
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
    await recordIfModeration(trx, actor, petition, 'petition_edited', { reason: input.title })
    PetitionChanged.afterCommit(trx, petition.id)
    return update
  })
}
