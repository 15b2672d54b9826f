import { DateTime } from 'luxon'
import type Petition from '#models/petition'
import PetitionResponse from '#models/petition_response'
import type User from '#models/user'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ModerationEvent from '#models/moderation_event'
import { refreshAwaitingAnswer } from '#services/decision_makers/awaiting'
import { affectedRows } from '#support/database_errors'
import { noteNews } from '#services/petitions/signer_news'
import { changePetitions } from '#models/petition_changes'
import PetitionAnswered from '#events/petition_answered'

/** Responses a petition may hold: enough for every recipient of its letters, with room. */
export const MAX_RESPONSES = 20

export type ResponseInput = { responder: string; respondedOn: Date; body: string }

/**
 * Adds an official response (its body already sanitised by the validator);
 * the signers who asked for the petition's news get it in their next mail.
 * Returns null when the petition already holds as many as it may.
 */
export async function addResponse(actor: User, petition: Petition, input: ResponseInput) {
  return changePetitions(async ({ trx, lockOrFail }) => {
    // The petition's row is locked so that two additions at once count each other.
    await lockOrFail({ id: petition.id })
    if ((await responsesOf(petition.id, trx)) >= MAX_RESPONSES) return null
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
    await ModerationEvent.recordIfModeration(trx, actor, petition, 'response_added', {
      reason: input.responder,
    })
    PetitionAnswered.tellAfterCommit(trx, petition.id, response.id)
    return response
  })
}

/** How many responses the petition holds, in the transaction that locked its row. */
export async function responsesOf(petitionId: number, trx: TransactionClientContract) {
  const [{ total }] = await trx
    .from('petition_responses')
    .where('petition_id', petitionId)
    .count('* as total')
  return Number(total)
}

/** One response of the petition; null when it has no such response. */
export function responseOf(petition: Petition, responseId: number) {
  if (!Number.isSafeInteger(responseId)) return Promise.resolve(null)
  return PetitionResponse.query().where('petition_id', petition.id).where('id', responseId).first()
}

/**
 * Removes a response of the petition (the policy decided who may). A
 * decision maker's answer through their link goes only by a moderator's
 * hand, with a reason in the audit trail, and is counted in public
 * (`answers_removed`); the recipient then counts as not having answered
 * and their link answers again, unless another of their answers stands.
 * False when it was removed meanwhile.
 */
export async function removeResponse(
  actor: User,
  petition: Petition,
  response: PetitionResponse,
  reason: string | null
) {
  return changePetitions(async ({ trx, mark }) => {
    const removed = await trx.from('petition_responses').where('id', response.id).delete()
    if (affectedRows(removed) === 0) return false
    if (response.fromRecipient) {
      await trx.from('petitions').where('id', petition.id).increment('answers_removed', 1)
      await reopenAnswer(trx, response.letterRecipientId)
      await refreshAwaitingAnswer(petition.id, trx)
      await ModerationEvent.record(trx, {
        actor,
        action: 'answer_removed',
        petitionId: petition.id,
        reason,
        subject: response.responder,
      })
    } else {
      await ModerationEvent.recordIfModeration(trx, actor, petition, 'response_removed', {
        reason: reason ?? response.responder,
      })
    }
    mark('page', petition.id)
    return true
  })
}

/** A recipient none of whose answers through a link stands any more has not answered. */
async function reopenAnswer(trx: TransactionClientContract, recipientId: number | null) {
  if (recipientId === null) return
  const standing = await trx
    .from('petition_responses')
    .where('letter_recipient_id', recipientId)
    .where('from_recipient', true)
    .first()
  if (standing) return
  await trx
    .from('recipient_deliveries')
    .where('letter_recipient_id', recipientId)
    .update({ answered_at: null })
}

/**
 * Marks the petition a victory, or takes the mark back; false when it is
 * already so. A victory marked twice keeps its first date, and with it its
 * place on the home page.
 */
export async function setVictory(actor: User, petition: Petition, victory: boolean) {
  if (victory === (petition.victoryAt !== null)) return false
  return changePetitions(async ({ trx, mark }) => {
    petition.useTransaction(trx)
    petition.victoryAt = victory ? DateTime.utc() : null
    await petition.save()
    await ModerationEvent.recordIfModeration(
      trx,
      actor,
      petition,
      victory ? 'victory_marked' : 'victory_unmarked'
    )
    mark('page', petition.id)
    return true
  })
}
