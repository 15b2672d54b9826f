import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import DecisionMakerAddress, { type AddressStatus } from '#models/decision_maker_address'
import LetterRecipient from '#models/letter_recipient'
import type User from '#models/user'
import ModerationEvent from '#models/moderation_event'
import { changePetitions, type PetitionChanges } from '#models/petition_changes'
import { affectedRows } from '#support/database_errors'
import type { PendingRecipientRow } from '#transformers/pending_recipient_transformer'

/** Addresses waiting for a decision that the moderators' page lists at once. */
export const PENDING_SHOWN = 50
export const DIRECTORY_PER_PAGE = 30

/** A moderator's decision on an address: approved for the whole site, or refused. */
export type AddressDecision = 'approve' | 'refuse'

/**
 * Recipients whose address no moderator judged yet, on petitions the
 * public sees (a draft mails nobody), oldest first: the moderators'
 * "Decision makers to approve". One query with their letter and petition;
 * `total` counts them all.
 */
export async function pendingRecipients() {
  const [rows, total] = await Promise.all([
    pendingQuery()
      .select(
        'letter_recipients.id',
        'letter_recipients.name',
        'letter_recipients.payload as role',
        'letter_recipients.email',
        'letters.payload as letter',
        'petitions.id as petition_id',
        'petitions.title',
        'petitions.slug',
        'petitions.user_id'
      )
      .orderBy('letter_recipients.id')
      .limit(PENDING_SHOWN),
    pendingRecipientCount(),
  ])
  return { rows: rows as PendingRecipientRow[], total }
}

/** How many recipients' addresses wait for a moderator (the queue's tab). */
export async function pendingRecipientCount() {
  const [{ total }] = await pendingQuery().count('* as total')
  return Number(total)
}

function pendingQuery() {
  return db
    .from('letter_recipients')
    .join('letters', 'letters.id', 'letter_recipients.letter_id')
    .join('petitions', 'petitions.id', 'letters.petition_id')
    .whereNotNull('letter_recipients.email')
    .where('petitions.published', true)
    .whereNull('petitions.hidden_at')
    .whereNotExists((judged) =>
      judged
        .from('decision_maker_addresses')
        .select(db.raw('1'))
        .whereRaw('decision_maker_addresses.email = letter_recipients.email')
    )
}

/** The directory: judged addresses, newest decision first, found by address or name (`q`). */
export function directoryPage(search: string, page: number) {
  const query = DecisionMakerAddress.query().orderBy('decided_at', 'desc').orderBy('id', 'desc')
  const words = search.trim().toLowerCase()
  if (words) {
    const like = `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
    query.where((found) =>
      found
        .whereRaw(`email LIKE ? ESCAPE '\\'`, [like])
        .orWhereRaw(`LOWER(name) LIKE ? ESCAPE '\\'`, [like])
    )
  }
  return query.paginate(page, DIRECTORY_PER_PAGE)
}

/** A letter's recipient with its petition's id and owner, for a decision on its address. */
export function recipientToJudge(recipientId: number) {
  return LetterRecipient.query()
    .where('letter_recipients.id', recipientId)
    .whereNotNull('letter_recipients.email')
    .join('letters', 'letters.id', 'letter_recipients.letter_id')
    .join('petitions', 'petitions.id', 'letters.petition_id')
    .select('letter_recipients.*', 'petitions.id as petition_id', 'petitions.user_id')
    .first()
}

/**
 * A moderator approves or refuses the address of a recipient, for the
 * whole site, with the reason in the audit trail. False when another
 * moderator decided on that address meanwhile (the unique address holds).
 * An approval tells every petition that names the address: one that
 * reached a milestone mails it now.
 */
export async function judgeRecipientAddress(
  moderator: User,
  recipient: LetterRecipient,
  decision: AddressDecision,
  reason: string | null
) {
  const petitionId = Number(recipient.$extras.petition_id)
  return changePetitions(async (changes) => {
    const { trx } = changes
    const status: AddressStatus = decision === 'approve' ? 'approved' : 'refused'
    const now = DateTime.utc()
    const inserted = await trx
      .table('decision_maker_addresses')
      .insert({
        email: recipient.email,
        status,
        name: recipient.name,
        reason: reason?.trim() || null,
        decided_by: moderator.id,
        decided_at: now.toFormat(trx.dialect.dateTimeFormat),
        created_at: now.toFormat(trx.dialect.dateTimeFormat),
      })
      .onConflict('email')
      .ignore()
      .returning('id')
    if (inserted.length === 0) return false
    await ModerationEvent.record(trx, {
      actor: moderator,
      action: status === 'approved' ? 'decision_maker_approved' : 'decision_maker_refused',
      petitionId,
      reason,
      subject: recipient.email,
    })
    if (status === 'approved') await tellPetitionsNaming(changes, recipient.email!)
    return true
  })
}

/**
 * A moderator changes an address of the directory: approves a refused one,
 * or revokes an approval (no more mails to it), with the reason in the
 * audit trail. False when it already is so.
 */
export async function changeDirectoryEntry(
  moderator: User,
  entry: DecisionMakerAddress,
  decision: AddressDecision,
  reason: string | null
) {
  const status: AddressStatus = decision === 'approve' ? 'approved' : 'refused'
  return changePetitions(async (changes) => {
    const { trx } = changes
    const changed = await trx
      .from('decision_maker_addresses')
      .where('id', entry.id)
      .whereNot('status', status)
      .update({
        status,
        reason: reason?.trim() || null,
        decided_by: moderator.id,
        decided_at: DateTime.utc().toFormat(trx.dialect.dateTimeFormat),
      })
    if (affectedRows(changed) === 0) return false
    await ModerationEvent.record(trx, {
      actor: moderator,
      action: status === 'approved' ? 'decision_maker_approved' : 'decision_maker_revoked',
      reason,
      subject: entry.email,
    })
    if (status === 'approved') await tellPetitionsNaming(changes, entry.email)
    return true
  })
}

/** Every petition naming the address hears of the change once it commits (its deliveries follow). */
async function tellPetitionsNaming({ trx, mark }: PetitionChanges, email: string) {
  const rows: Array<{ petition_id: number | string }> = await trx
    .from('letter_recipients')
    .join('letters', 'letters.id', 'letter_recipients.letter_id')
    .where('letter_recipients.email', email)
    .distinct('letters.petition_id')
  mark('page', ...rows.map((row) => Number(row.petition_id)))
}

/**
 * How moderators judged the addresses of a petition's recipients, by
 * recipient id, for its owner's form: waiting, approved, or refused with
 * the reason. Recipients without an address are left out.
 */
export async function addressReviewsOf(petitionId: number) {
  const rows: Array<{
    id: number
    email: string
    status: AddressStatus | null
    reason: string | null
  }> = await db
    .from('letter_recipients')
    .join('letters', 'letters.id', 'letter_recipients.letter_id')
    .leftJoin(
      'decision_maker_addresses',
      'decision_maker_addresses.email',
      'letter_recipients.email'
    )
    .where('letters.petition_id', petitionId)
    .whereNotNull('letter_recipients.email')
    .select(
      'letter_recipients.id',
      'letter_recipients.email',
      'decision_maker_addresses.status',
      'decision_maker_addresses.reason'
    )
  return rows.map((row) => ({
    recipientId: Number(row.id),
    email: row.email,
    status: row.status ?? ('pending' as const),
    reason: row.status === 'refused' ? row.reason : null,
  }))
}
