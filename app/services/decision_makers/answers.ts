import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import RecipientDelivery from '#models/recipient_delivery'
import PetitionResponse from '#models/petition_response'
import { noteNews } from '#services/petitions/signer_news'
import { affectedRows } from '#support/database_errors'
import type { SignedFor } from '#support/http/signed_links'
import { changePetitions } from '#models/petition_changes'
import PetitionAnswered from '#events/petition_answered'
import { ANSWER_PURPOSE, STOP_PURPOSE } from '#services/decision_makers/links'
import { refreshAwaitingAnswer } from '#services/decision_makers/awaiting'
import { MAX_RESPONSES, responsesOf } from '#services/petitions/outcomes'

export type DecisionMakerAnswer = { responder: string; responderRole?: string | null; body: string }

/**
 * The delivery a decision maker's link names, with its recipient, letter
 * and petition, when the link is signed for what it does: null for a
 * forged link or a delivery that is gone (its recipient removed).
 */
export async function deliveryOfLink(
  id: unknown,
  signed: SignedFor,
  link: 'answer' | 'stop'
): Promise<RecipientDelivery | null> {
  if (!signed(link === 'answer' ? ANSWER_PURPOSE : STOP_PURPOSE)) return null
  const deliveryId = Number(id)
  if (!Number.isSafeInteger(deliveryId) || deliveryId <= 0) return null
  return RecipientDelivery.query()
    .where('id', deliveryId)
    .preload('recipient')
    .preload('petition')
    .first()
}

/** Whether the petition's mails to this delivery's address have been stopped. */
export async function mailsStopped(delivery: RecipientDelivery) {
  if (!delivery.recipient.email) return true
  const row = await db
    .from('recipient_mail_stops')
    .where('petition_id', delivery.petitionId)
    .where('email', delivery.recipient.email)
    .first()
  return Boolean(row)
}

/** Why an answer through a link was not published. */
export type AnswerRefusal = 'already_answered' | 'too_many'

/**
 * Publishes a decision maker's answer through their delivery's link, once:
 * the delivery is marked answered by a conditional UPDATE, so a link used
 * again (or twice at once) publishes nothing. The petition holds at most
 * MAX_RESPONSES responses, answers through links included (its row is
 * locked, as when the owner adds one). The answer is a response marked as
 * sent through a link mailed to an address of its domain (which a
 * moderator approved), and is news for the signers who asked for it.
 */
export async function answerAsRecipient(
  delivery: RecipientDelivery,
  input: DecisionMakerAnswer
): Promise<PetitionResponse | AnswerRefusal> {
  return changePetitions(async ({ trx, lock }) => {
    const now = DateTime.utc()
    await lock({ id: delivery.petitionId })
    if ((await responsesOf(delivery.petitionId, trx)) >= MAX_RESPONSES) return 'too_many'
    const claimed = await trx
      .from('recipient_deliveries')
      .where('id', delivery.id)
      .whereNull('answered_at')
      .update({ answered_at: now.toFormat(trx.dialect.dateTimeFormat) })
    if (affectedRows(claimed) === 0) return 'already_answered'
    // Noted before the response goes in: see noteNews.
    await noteNews(delivery.petitionId, trx)
    const response = await PetitionResponse.create(
      {
        petitionId: delivery.petitionId,
        responder: input.responder,
        responderRole: input.responderRole ?? null,
        respondedOn: now,
        body: input.body,
        addedByUserId: null,
        letterRecipientId: delivery.letterRecipientId,
        fromRecipient: true,
        viaDomain: domainOf(delivery.recipient.email),
      },
      { client: trx }
    )
    await refreshAwaitingAnswer(delivery.petitionId, trx)
    PetitionAnswered.tellAfterCommit(trx, delivery.petitionId, response.id)
    return response
  })
}

/**
 * No more mails about this petition to this address, whatever recipient
 * the owner enters it for. False when they were stopped already.
 */
export async function stopMails(delivery: RecipientDelivery) {
  if (await mailsStopped(delivery)) return false
  await db
    .table('recipient_mail_stops')
    .insert({
      petition_id: delivery.petitionId,
      email: delivery.recipient.email,
      created_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
    })
    .onConflict(['petition_id', 'email'])
    .ignore()
  return true
}

/** The domain of an address (`example.gov`); null for none. */
function domainOf(email: string | null) {
  return email ? email.slice(email.lastIndexOf('@') + 1) : null
}
