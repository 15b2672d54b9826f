import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import PetitionResponse from '#models/petition_response'
import { storedDateTime } from '#support/stored_dates'
import type { RecipientStanding } from '#shared/petitions/recipient_standing'

type RecipientRow = { id: number; petition_id: number; name: string; payload: string | null }

type DeliveriesRow = {
  letter_recipient_id: number
  first_sent_at: unknown
  first_milestone: number | string | null
  first_answered_at: unknown
}

type HandoversRow = { letter_recipient_id: number; first_handed_over_on: unknown }

const iso = (value: DateTime | null) => (value?.isValid ? value.toUTC().toISO() : null)

/**
 * Where the recipients of the petitions' letters stand, per petition, in
 * letter and recipient order: answered (when, and their first published
 * response), awaiting (since their first mail left, for which milestone, or
 * since the petition was handed to them in person) or not contacted yet.
 * A delivery whose mail has not left (not approved yet, dropped, failed)
 * tells nobody. Four queries whatever the number of petitions and
 * recipients; deliveries and hand-overs come aggregated per recipient. A
 * recipient's address is never read.
 *
 * A recipient is mailed for rising milestones only, so the lowest milestone
 * of their sent deliveries is that of the first one. Their answer is the
 * first one a delivery's link recorded, or else the day of a response
 * published as theirs.
 */
export async function standingOf(petitionIds: number[]) {
  const standing = new Map<number, RecipientStanding[]>()
  if (petitionIds.length === 0) return standing
  const [recipients, deliveries, handovers, responses] = await Promise.all([
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
      .min('sent_at as first_sent_at')
      .select(db.raw('MIN(CASE WHEN sent_at IS NOT NULL THEN milestone END) AS first_milestone'))
      .min('answered_at as first_answered_at') as Promise<DeliveriesRow[]>,
    db
      .from('petition_handovers')
      .whereIn('petition_id', petitionIds)
      .whereNotNull('letter_recipient_id')
      .groupBy('letter_recipient_id')
      .select('letter_recipient_id')
      .min('handed_over_on as first_handed_over_on') as Promise<HandoversRow[]>,
    PetitionResponse.query()
      .whereIn('petition_id', petitionIds)
      .whereNotNull('letter_recipient_id')
      .select('id', 'letter_recipient_id', 'responded_on')
      .orderBy('responded_on')
      .orderBy('id'),
  ])
  const deliveriesOf = new Map(deliveries.map((row) => [Number(row.letter_recipient_id), row]))
  const handedOf = new Map(
    handovers.map((row) => [
      Number(row.letter_recipient_id),
      storedDateTime(row.first_handed_over_on),
    ])
  )
  const responseOf = new Map<number, PetitionResponse>()
  for (const response of responses) {
    const recipientId = response.letterRecipientId!
    if (!responseOf.has(recipientId)) responseOf.set(recipientId, response)
  }
  for (const recipient of recipients) {
    const delivered = deliveriesOf.get(Number(recipient.id))
    const response = responseOf.get(Number(recipient.id))
    const deliveredAt = storedDateTime(delivered?.first_sent_at)
    const handedOverOn = handedOf.get(Number(recipient.id)) ?? null
    const answeredAt =
      storedDateTime(delivered?.first_answered_at) ??
      (response ? DateTime.fromISO(response.respondedOn.toISODate()!, { zone: 'utc' }) : null)
    const petitionId = Number(recipient.petition_id)
    const list = standing.get(petitionId) ?? []
    list.push({
      id: Number(recipient.id),
      name: recipient.name,
      role: recipient.payload ?? '',
      status: answeredAt ? 'answered' : deliveredAt || handedOverOn ? 'awaiting' : 'not_told',
      deliveredAt: iso(deliveredAt),
      milestone:
        delivered?.first_milestone !== null && delivered?.first_milestone !== undefined
          ? Number(delivered.first_milestone)
          : null,
      handedOverOn: handedOverOn?.isValid ? handedOverOn.toISODate() : null,
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
