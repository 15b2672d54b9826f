import { DateTime } from 'luxon'
import DecisionMakerAddress from '#models/decision_maker_address'
import Letter from '#models/letter'
import LetterRecipient from '#models/letter_recipient'

type RecipientFields = { name: string; payload?: string | null; email?: string | null }

/** A letter of the petition to these recipients, in this order; returns them as created. */
export async function letterTo(
  petitionId: number,
  payload: string,
  recipients: RecipientFields[],
  position = 0
) {
  const letter = await Letter.create({ petitionId, payload, position })
  const created: LetterRecipient[] = []
  for (const [index, recipient] of recipients.entries()) {
    created.push(
      await LetterRecipient.create({
        letterId: letter.id,
        name: recipient.name,
        payload: recipient.payload ?? null,
        email: recipient.email ?? null,
        position: index,
      })
    )
  }
  return { letter, recipients: created }
}

/** Addresses a moderator approved for the whole site (once: again changes nothing): petitions are mailed there. */
export async function approveAddresses(...emails: string[]) {
  for (const email of emails) {
    await DecisionMakerAddress.firstOrCreate(
      { email },
      { status: 'approved', name: email, decidedAt: DateTime.utc() }
    )
  }
}
