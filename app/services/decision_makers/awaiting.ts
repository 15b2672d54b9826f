import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Since when a recipient told of the petition has not answered: the first
 * delivery to a recipient none of whose deliveries is answered; null when
 * every recipient told has answered. The list's "awaiting an answer"
 * filter reads it. One UPDATE, after any change to deliveries.
 */
export async function refreshAwaitingAnswer(petitionId: number, trx: TransactionClientContract) {
  await trx.rawQuery(
    `UPDATE petitions SET awaiting_answer_since = (
       SELECT MIN(waiting.delivered_at) FROM recipient_deliveries waiting
        WHERE waiting.petition_id = petitions.id
          AND NOT EXISTS (
            SELECT 1 FROM recipient_deliveries answered
             WHERE answered.letter_recipient_id = waiting.letter_recipient_id
               AND answered.answered_at IS NOT NULL))
      WHERE id = ?`,
    [petitionId]
  )
}
