import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Petition from '#models/petition'
import PetitionResponse from '#models/petition_response'
import type User from '#models/user'
import { recordIfModeration } from '#services/moderation/audit_trail'
import { noteNews } from '#services/petitions/signer_news'
import PetitionChanged from '#events/petition_changed'

/** Responses a petition may hold: enough for every recipient of its letters, with room. */
export const MAX_RESPONSES = 20

export type ResponseInput = { responder: string; respondedOn: Date; body: string }

/**
 * Adds an official response (its body already sanitised by the validator);
 * the signers who asked for the petition's news get it in their next mail.
 * Returns null when the petition already holds as many as it may.
 */
export async function addResponse(actor: User, petition: Petition, input: ResponseInput) {
  return db.transaction(async (trx) => {
    // The petition's row is locked so that two additions at once count each other.
    await Petition.query({ client: trx }).where('id', petition.id).forUpdate().firstOrFail()
    const [{ total }] = await PetitionResponse.query({ client: trx })
      .where('petition_id', petition.id)
      .count('* as total')
      .pojo<{ total: number | string }>()
    if (Number(total) >= MAX_RESPONSES) return null
    // Noted before the insert, in its transaction: a mailing that starts
    // meanwhile waits for the petition's row and then sees the response.
    await noteNews(petition.id, trx)
    const response = await PetitionResponse.create(
      {
        petitionId: petition.id,
        responder: input.responder,
        respondedOn: DateTime.fromJSDate(input.respondedOn),
        body: input.body,
        addedByUserId: actor.id,
      },
      { client: trx }
    )
    await recordIfModeration(trx, actor, petition, 'response_added', {
      reason: input.responder,
    })
    PetitionChanged.afterCommit(trx, petition.id)
    return response
  })
}

/** Removes a response of the petition; false when it has no such response. */
export async function removeResponse(actor: User, petition: Petition, responseId: number) {
  return db.transaction(async (trx) => {
    const response = await PetitionResponse.query({ client: trx })
      .where('petition_id', petition.id)
      .where('id', responseId)
      .first()
    if (!response) return false
    await response.delete()
    await recordIfModeration(trx, actor, petition, 'response_removed', {
      reason: response.responder,
    })
    PetitionChanged.afterCommit(trx, petition.id)
    return true
  })
}

/**
 * Marks the petition a victory, or takes the mark back; false when it is
 * already so. A victory marked twice keeps its first date, and with it its
 * place on the home page.
 */
export async function setVictory(actor: User, petition: Petition, victory: boolean) {
  if (victory === (petition.victoryAt !== null)) return false
  return db.transaction(async (trx) => {
    petition.useTransaction(trx)
    petition.victoryAt = victory ? DateTime.utc() : null
    await petition.save()
    await recordIfModeration(trx, actor, petition, victory ? 'victory_marked' : 'victory_unmarked')
    PetitionChanged.afterCommit(trx, petition.id)
    return true
  })
}
