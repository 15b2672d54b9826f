import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import PetitionResponse from '#models/petition_response'
import { storedDateTime } from '#support/stored_dates'
import type { RecipientStanding } from '#shared/petitions/recipient_standing'

type RecipientRow = { id: number; petition_id: number; name: string; payload: string | null }

type DeliveriesRow = {
  letter_recipient_id: number
  first_delivered_at: unknown
  first_milestone: number | string | null
  first_answered_at: unknown
}

const iso = (value: DateTime | null) => (value?.isValid ? value.toUTC().toISO() : null)

/**
 * Where the recipients of the petitions' letters stand, per petition, in
 * letter and recipient order: answered (when, and their first published
 * response), awaiting (since their first delivery, for which milestone) or
 * not told yet. Three queries whatever the number of petitions and
 * recipients; the deliveries come aggregated per recipient. A recipient's
 * address is never read.
 *
 * A recipient is mailed for rising milestones only, so the lowest milestone
 * of their deliveries is that of the first one. Their answer is the first
 * one a delivery's link recorded, or else the day of a response published
 * as theirs.
 */
export async function standingOf(petitionIds: number[]) {
  const standing = new Map<number, RecipientStanding[]>()
  if (petitionIds.length === 0) return standing
  const [recipients, deliveries, responses] = await Promise.all([
    db
      .from('letter_recipients')
      .join('letters', 'letters.id', 'letter_recipients.letter_id')
      .whereIn('letters.petition_id', petitionIds)
      .select(
        'letter_recipients.id',
        'letters.petition_id',
        'letter_recipients.name',
        'letter_recipients.payload'
      )
      .orderBy('letters.position')
      .orderBy('letters.id')
      .orderBy('letter_recipients.position')
      .orderBy('letter_recipients.id') as Promise<RecipientRow[]>,
    db
      .from('recipient_deliveries')
      .whereIn('petition_id', petitionIds)
      .groupBy('letter_recipient_id')
      .select('letter_recipient_id')
      .min('delivered_at as first_delivered_at')
      .min('milestone as first_milestone')
      .min('answered_at as first_answered_at') as Promise<DeliveriesRow[]>,
    PetitionResponse.query()
      .whereIn('petition_id', petitionIds)
      .whereNotNull('letter_recipient_id')
      .select('id', 'letter_recipient_id', 'responded_on')
      .orderBy('responded_on')
      .orderBy('id'),
  ])
  const deliveriesOf = new Map(deliveries.map((row) => [Number(row.letter_recipient_id), row]))
  const responseOf = new Map<number, PetitionResponse>()
  for (const response of responses) {
    const recipientId = response.letterRecipientId!
    if (!responseOf.has(recipientId)) responseOf.set(recipientId, response)
  }
  for (const recipient of recipients) {
    const delivered = deliveriesOf.get(Number(recipient.id))
    const response = responseOf.get(Number(recipient.id))
    const deliveredAt = storedDateTime(delivered?.first_delivered_at)
    const answeredAt =
      storedDateTime(delivered?.first_answered_at) ??
      (response ? DateTime.fromISO(response.respondedOn.toISODate()!, { zone: 'utc' }) : null)
    const petitionId = Number(recipient.petition_id)
    const list = standing.get(petitionId) ?? []
    list.push({
      id: Number(recipient.id),
      name: recipient.name,
      role: recipient.payload ?? '',
      status: answeredAt ? 'answered' : deliveredAt ? 'awaiting' : 'not_told',
      deliveredAt: iso(deliveredAt),
      milestone:
        delivered?.first_milestone !== null && delivered?.first_milestone !== undefined
          ? Number(delivered.first_milestone)
          : null,
      answeredAt: iso(answeredAt),
      responseId: response?.id ?? null,
    })
    standing.set(petitionId, list)
  }
  return standing
}

/** Where one petition's recipients stand, in letter and recipient order. */
export async function petitionStanding(petitionId: number) {
  const standing = await standingOf([petitionId])
  return standing.get(petitionId) ?? []
}
