import { DateTime } from 'luxon'
import RefusedFieldsException, { type RefusedField } from '#exceptions/refused_fields_exception'
import type LetterRecipient from '#models/letter_recipient'
import type User from '#models/user'
import {
  MAX_ADDRESS_CHANGES_PER_DAY,
  MAX_ADDRESSES_PER_PETITION,
} from '#shared/petitions/constants'

/** A recipient as the form sends it, with its place in the form. */
export type RecipientInput = {
  field: string
  email: string | null
  /** The stored recipient it updates, if any. */
  row: LetterRecipient | undefined
}

/** What a recipient's row records of its address changes. */
export type AddressChange = { emailChangedOn: string | null; emailChanges: number }

/**
 * The rules on recipients' addresses, which keep the decision makers' mail
 * from being a way to mail anyone: only a verified account gives or
 * changes an address; a petition names at most MAX_ADDRESSES_PER_PETITION
 * distinct addresses; a recipient's address changes at most
 * MAX_ADDRESS_CHANGES_PER_DAY times a UTC day. Every refusal goes under its
 * field, and the save writes nothing. Returns what each recipient's row
 * records of its changes, in the order given.
 */
export function checkRecipientAddresses(
  user: User,
  recipients: RecipientInput[],
  today = DateTime.utc().toISODate()!
): AddressChange[] {
  const refused: RefusedField[] = []
  const distinct = new Set<string>()
  const changes = recipients.map(({ field, email, row }) => {
    if (email !== null && !distinct.has(email)) {
      distinct.add(email)
      if (distinct.size > MAX_ADDRESSES_PER_PETITION) {
        refused.push({ field, rule: 'addresses', meta: { max: MAX_ADDRESSES_PER_PETITION } })
      }
    }
    const before: AddressChange = {
      emailChangedOn: row?.emailChangedOn ?? null,
      emailChanges: row?.emailChanges ?? 0,
    }
    if ((row?.email ?? null) === email) return before
    if (email !== null && !user.isVerified) refused.push({ field, rule: 'verifiedAccount' })
    const count = before.emailChangedOn === today ? before.emailChanges + 1 : 1
    if (count > MAX_ADDRESS_CHANGES_PER_DAY) {
      refused.push({ field, rule: 'addressChanges', meta: { max: MAX_ADDRESS_CHANGES_PER_DAY } })
    }
    return { emailChangedOn: today, emailChanges: count }
  })
  if (refused.length > 0) throw new RefusedFieldsException(refused)
  return changes
}
