import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Signature from '#models/signature'
import Petition from '#models/petition'
import { countSignatures, countUncounted } from '#runtime/signatures/count_deltas'
import { signatureMails } from '#runtime/signatures/signature_mails'
import { confirmationPurpose } from '#support/signature_links'
import { takeConfirmationResend } from '#runtime/limits/rate_limits'
import { affectedRows, rowsOf } from '#support/database_errors'
import { signatureWrites, type BatchedWrite } from '#runtime/signatures/signature_writes'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { SignedFor } from '#support/http/signed_links'
import { markChangedIn } from '#models/petition_changes'
import SignatureConfirmed from '#events/signature_confirmed'
import { removalOf } from '#services/signatures/removal'
import { UNCONFIRMED } from '#support/signature_states'
import { readsTogether } from '#support/reads_together'

/**
 * What a confirmation link's pages, its confirmation and the signature
 * policy read of a signature: making a model of all its columns (dates
 * parsed, JSON decoded) cost a confirmation more than its UPDATE.
 */
const LINK_COLUMNS = [
  'id',
  'petition_id',
  'user_id',
  'email',
  'confirmation_token',
  'confirmed_at',
  'invalidation_id',
].map((column) => `signatures.${column}`)

/**
 * The signatures links name (the columns above), by id, with their
 * petition's title and address (all a link's pages and answers show of it),
 * read together for the links of the same moment: one query by primary key
 * for all of them, the petition joined rather than loaded by a second query.
 */
const linkedSignatures = readsTogether(async (ids: number[]) => {
  const rows = await Signature.query()
    .whereIn('signatures.id', ids)
    .join('petitions', 'petitions.id', 'signatures.petition_id')
    .select(...LINK_COLUMNS, 'petitions.title as petition_title', 'petitions.slug as petition_slug')
  return new Map(rows.map((row) => [row.id, row]))
})

/**
 * The signature a confirmation link names, with its petition's title and
 * address, when the link is signed for its current token: null for a
 * forged, expired or superseded link, or for a signature that is gone
 * (pruned).
 */
export async function signatureOfLink(signatureId: number, signed: SignedFor) {
  const signature = await linkedSignatures(signatureId)
  if (!signature || !signed(confirmationPurpose(signature))) return null
  const { petition_title: title, petition_slug: slug } = signature.$extras
  signature.$setRelated(
    'petition',
    Petition.$createFromAdapterResult({ id: signature.petitionId, title, slug })!
  )
  return signature
}

/**
 * Confirms a signature from its mailed link. Only a POST confirms: mail
 * scanners that open links with GET never sign on someone's behalf. The
 * conditional UPDATE makes a second confirmation a no-op, so a signature is
 * counted once however often the button is pressed, and it holds only for
 * the token the link was checked against: a replacement in between wins.
 * `valid`: the link still confirms its signature; `firstTime`: this POST did;
 * `removal`: moderators took it out of the counts (its signer is told why).
 */
export async function confirmSignature(signature: Signature) {
  // With the other confirmations and signs of the moment: one UPDATE and one commit for all.
  const { row, changed } = await signatureWrites.add(signatureConfirmations, signature)
  if (changed) {
    await signatureMails.due(signature.id)
    await SignatureConfirmed.tell(signature.petitionId)
  }
  // Replaced or pruned between the link's check and the UPDATE: an old link now.
  const valid = row !== null && (changed || row.confirmationToken === signature.confirmationToken)
  return { valid, firstTime: changed, removal: row ? await removalOf(row) : null }
}

type Confirmed = { row: Signature | null; changed: boolean }

/** Links per UPDATE: two values bound for each. */
const LINKS_PER_UPDATE = 200

/**
 * The confirmations of a batch: one UPDATE for all their links, which
 * confirms each signature still unconfirmed and still holding the token its
 * link was checked against (a replacement in between wins), and returns
 * the rows it confirmed; one read for the links it did not confirm. The
 * counted ones are counted together, per petition and country, as a bulk
 * change is. A link pressed twice in the batch is confirmed by the first.
 */
const signatureConfirmations: BatchedWrite<Signature, Confirmed> = {
  async write(trx, signatures) {
    const confirmedNow = new Map<number, Signature>()
    const withToken = signatures.filter((signature) => signature.confirmationToken !== null)
    for (let start = 0; start < withToken.length; start += LINKS_PER_UPDATE) {
      const links = withToken.slice(start, start + LINKS_PER_UPDATE)
      const matches = links.map(() => '(id = ? AND confirmation_token = ?)').join(' OR ')
      const bindings = links.flatMap(({ id, confirmationToken }) => [id, confirmationToken!])
      for (const row of await confirmWhere(trx, matches, bindings)) confirmedNow.set(row.id, row)
    }
    for (const { id } of signatures.filter((signature) => signature.confirmationToken === null)) {
      const matches = 'id = ? AND confirmation_token IS NULL'
      for (const row of await confirmWhere(trx, matches, [id])) confirmedNow.set(row.id, row)
    }
    await countConfirmed(trx, [...confirmedNow.values()])

    const others = signatures.filter(({ id }) => !confirmedNow.has(id)).map(({ id }) => id)
    const unchanged = new Map<number, Signature>()
    if (others.length > 0) {
      for (const row of await Signature.query({ client: trx }).whereIn('id', others)) {
        unchanged.set(row.id, row)
      }
    }
    return signatures.map(({ id }) => {
      const row = confirmedNow.get(id)
      if (!row) return { row: unchanged.get(id) ?? null, changed: false }
      // The first of two presses of one link confirmed it; the second finds it confirmed.
      confirmedNow.delete(id)
      unchanged.set(id, row)
      return { row, changed: true }
    })
  },
}

/**
 * What the counters and the confirmation's answer read of a row it
 * confirmed: its side, country and state, and its token.
 */
const CONFIRMED_COLUMNS = [
  'id',
  'petition_id',
  'score',
  'country',
  'active',
  'invalidation_id',
  'blocked_rule',
  'confirmation_token',
  'confirmed_at',
  'receipt_secret',
  'identity_provider',
].join(', ')

/**
 * Confirms the unconfirmed signatures `matches` selects by id, with their
 * mail due; the rows it changed (the columns above).
 */
async function confirmWhere(
  trx: TransactionClientContract,
  matches: string,
  bindings: (string | number)[]
) {
  const now = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
  const rows = rowsOf<Record<string, unknown>>(
    await trx.rawQuery(
      // The notice that it is confirmed, with its withdraw link, is due.
      `UPDATE signatures SET confirmed_at = ?, updated_at = ?, link_mail_due_at = ?,
         link_mail_attempts = 0
       WHERE ${UNCONFIRMED} AND (${matches})
       RETURNING ${CONFIRMED_COLUMNS}`,
      [now, now, now, ...bindings]
    )
  )
  return rows.map((row) => Signature.$createFromAdapterResult(row)!)
}

/**
 * Counts signatures just confirmed: the active ones per petition, which
 * the last signatures list shows at once (the count follows with the
 * flush); those that do not count (invalidated, stopped by a rule, switched
 * off) in the public number of what does not count.
 */
async function countConfirmed(trx: TransactionClientContract, rows: Signature[]) {
  const counted = new Map<number, Signature[]>()
  for (const row of rows) {
    if (!row.active) {
      await countUncounted(trx, row, 1, { signatureId: row.id, change: 'confirmed' })
      continue
    }
    const ofPetition = counted.get(row.petitionId)
    if (ofPetition) ofPetition.push(row)
    else counted.set(row.petitionId, [row])
  }
  for (const [petitionId, ofPetition] of counted) {
    await countSignatures(trx, petitionId, ofPetition, 1, 'confirmed')
  }
  await markChangedIn(trx, 'signatures', ...counted.keys())
}

/**
 * Mails an unconfirmed signature's link again, within the day's allowance
 * of links for its address on its petition (the one signing again draws on).
 * The link is the same: the signature keeps its token. False when the
 * allowance is used up or the signature is confirmed or gone meanwhile.
 */
export async function resendConfirmationLink(signature: Signature) {
  if (!(await takeConfirmationResend(signature.petitionId, signature.emailNormalized))) return false
  const due = await db
    .from('signatures')
    .where('id', signature.id)
    .whereNull('confirmed_at')
    .update({
      link_mail_due_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
      link_mail_attempts: 0,
    })
  if (affectedRows(due) === 0) return false
  await signatureMails.due(signature.id)
  return true
}
