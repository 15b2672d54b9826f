import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { storedDateTime } from '#support/stored_dates'

/**
 * Since when a recipient told of the petition has not answered: the first
 * mail that left to a recipient (a delivery's `sent_at`), or the first
 * hand-over in person to one, whose deliveries none is answered; null when
 * every recipient told has answered. The list's "awaiting an answer"
 * filter reads it. Two reads and one UPDATE, after a mail leaves, an answer
 * comes or a hand-over is recorded.
 */
export async function refreshAwaitingAnswer(petitionId: number, trx: TransactionClientContract) {
  const unanswered = (column: string) => (answered: any) =>
    answered
      .from('recipient_deliveries as answered')
      .select(trx.raw('1'))
      .whereRaw(`answered.letter_recipient_id = ${column}`)
      .whereNotNull('answered.answered_at')
  const [[mailed], [handed]] = await Promise.all([
    trx
      .from('recipient_deliveries as waiting')
      .where('waiting.petition_id', petitionId)
      .whereNotNull('waiting.sent_at')
      .whereNotExists(unanswered('waiting.letter_recipient_id'))
      .min('waiting.sent_at as since'),
    trx
      .from('petition_handovers as handed')
      .where('handed.petition_id', petitionId)
      .whereNotNull('handed.letter_recipient_id')
      .whereNotExists(unanswered('handed.letter_recipient_id'))
      .min('handed.handed_over_on as since'),
  ])
  const since = [storedDateTime(mailed?.since), storedDateTime(handed?.since)]
    .filter((moment) => moment !== null)
    .sort((a, b) => a.toMillis() - b.toMillis())[0]
  await trx
    .from('petitions')
    .where('id', petitionId)
    .update({ awaiting_answer_since: since ? since.toFormat(trx.dialect.dateTimeFormat) : null })
}
