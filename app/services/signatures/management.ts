import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { SimplePaginator } from '@adonisjs/lucid/database'
import type Petition from '#models/petition'
import type CustomField from '#models/custom_field'
import type User from '#models/user'
import Signature from '#models/signature'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignature, countUncounted } from '#runtime/signatures/count_deltas'
import { affectedRows } from '#support/database_errors'
import { CSV_BOM, csvRow } from '#support/csv'
import {
  customAnswersOf,
  SIGNATURE_RECORD_COLUMNS,
  type SignatureRow,
} from '#support/signature_records'
import ModerationEvent from '#models/moderation_event'
import { changePetitions } from '#models/petition_changes'

/** The owner's table shows 50 signatures a page. */
export const SIGNATURES_PER_PAGE = 50
/** Rows read per query while exporting: memory holds one chunk at a time. */
export const EXPORT_CHUNK_SIZE = 2000

/**
 * One page of a petition's signatures, newest first, for its owner:
 * every signature, inactive and unconfirmed ones included. The page's
 * ids come from the (petition_id, id) index alone ("deferred join"), and only
 * those 50 rows are read, so page 20,000 of a million signatures skips index
 * entries rather than whole rows.
 */
export async function signaturesPage(petition: Petition, requestedPage: number) {
  const total = await signaturesTotal(petition.id)
  const lastPage = Math.max(1, Math.ceil(total / SIGNATURES_PER_PAGE))
  const page = Math.min(Math.max(1, requestedPage), lastPage)
  const pageIds = db
    .from('signatures')
    .where('petition_id', petition.id)
    .orderBy('id', 'desc')
    .limit(SIGNATURES_PER_PAGE)
    .offset((page - 1) * SIGNATURES_PER_PAGE)
    .select('id')
  const rows = await Signature.query().whereIn('id', pageIds).orderBy('id', 'desc').preload('user')
  return new SimplePaginator(total, SIGNATURES_PER_PAGE, page, ...rows)
}

async function signaturesTotal(petitionId: number) {
  const [row] = await db.from('signatures').where('petition_id', petitionId).count('* as total')
  return Number(row.total)
}

/**
 * Deactivates or reactivates one signature of a petition. The conditional
 * UPDATE changes the row only when its state really changes, and only then,
 * for a confirmed signature, is a counter delta recorded in the same
 * transaction: setting the state it already has, or two owners clicking at
 * once, count nothing twice. A moderator's change to another owner's
 * signature goes to the audit trail with it. The signature is null when the
 * petition has no such signature. A counted change is flushed onto the
 * petition's counters before this returns, so that the owner's table, shown
 * next, has the new figure at once (an owner's click is rare: no batching lost).
 */
export async function setSignatureActive(
  actor: User,
  petition: Petition,
  signatureId: number,
  active: boolean
) {
  const now = DateTime.utc()
  const result = await changePetitions(async ({ trx, mark }) => {
    const affected = await trx
      .from('signatures')
      .where('id', signatureId)
      .where('petition_id', petition.id)
      .where('active', !active)
      // Moderators' invalidation is theirs to undo: never reactivated here.
      .if(active, (query) => query.whereNull('invalidation_id'))
      // Stopped by a moderators' rule at signing: never the owner's to count.
      .whereNull('blocked_rule')
      .update({ active, updated_at: now.toFormat(trx.dialect.dateTimeFormat) })
    const signature = await Signature.query({ client: trx })
      .where('id', signatureId)
      .where('petition_id', petition.id)
      .first()
    const changed = affectedRows(affected) > 0
    if (signature && changed && signature.confirmedAt) {
      await countSignature(trx, signature, active ? 1 : -1)
      // The public number of signatures its owner switched off moves the other way.
      await countUncounted(trx, signature, active ? -1 : 1)
    }
    if (changed) {
      mark('signatures', petition.id)
      await ModerationEvent.recordIfModeration(
        trx,
        actor,
        petition,
        active ? 'signature_reactivated' : 'signature_deactivated',
        { signatureId }
      )
    }
    return { signature, changed }
  })
  if (result.changed && result.signature?.confirmedAt) {
    // Stored either way: a failed flush leaves the delta to the next one.
    await signatureCounter
      .flush()
      .catch((error) => logger.warn({ err: error }, 'signature counter flush failed'))
  }
  return result
}

/** The export's header and yes/no texts: keys of page.signatures.csv.* in the translations. */
export type ExportLabel =
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'country'
  | 'country_code'
  | 'postal_code'
  | 'unknown_country'
  | 'opinion'
  | 'support'
  | 'anonymous'
  | 'verified'
  | 'active'
  | 'signed_at'
  | 'confirmed_at'
  | 'source'
  | 'contact_consent'
  | 'contact_consent_at'
  | 'identity_verified'
  | 'yes'
  | 'no'

/**
 * The export of all a petition's signatures as CSV text, chunk by chunk:
 * the BOM and the header first, then the rows in id order, read
 * EXPORT_CHUNK_SIZE at a time by `id > last` on the (petition_id, id) index.
 * Consumed through a stream, the next chunk is read only when the client has
 * taken the last one, so memory stays flat whatever the petition's size.
 * Columns follow the table: the country (its name in the owner's language
 * and its code), the postal code when the petition asks for it, Opinion with
 * allowComments, one per custom field, Support with allowOpposite, then the
 * signature's state, then where it came from (its code, empty for none) and
 * whether and when its signer agreed to be contacted by the owner, and
 * whether its signer verified their identity: last, so
 * that the columns spreadsheets and scripts already read keep their places.
 * The columns read are a signature record's (support/signature_records),
 * so every channel out gives an owner the same fields.
 */
export async function* signaturesCsv(
  petition: Petition,
  fields: CustomField[],
  label: (key: ExportLabel) => string,
  countryName: (code: string) => string
): AsyncGenerator<string> {
  const [yes, no] = [label('yes'), label('no')]
  const unknownCountry = label('unknown_country')
  // A few hundred countries at most: each name is looked up once.
  const names = new Map<string, string>()
  const nameOf = (code: string) => {
    if (!names.has(code)) names.set(code, countryName(code))
    return names.get(code)!
  }
  const yesNo = (value: unknown) => (value ? yes : no)
  yield (
    CSV_BOM +
    csvRow([
      label('id'),
      label('first_name'),
      label('last_name'),
      label('email'),
      label('country'),
      label('country_code'),
      ...(petition.askPostalCode ? [label('postal_code')] : []),
      ...(petition.allowComments ? [label('opinion')] : []),
      ...fields.map((field) => field.title),
      ...(petition.allowOpposite ? [label('support')] : []),
      label('anonymous'),
      label('verified'),
      label('active'),
      label('signed_at'),
      label('confirmed_at'),
      label('source'),
      label('contact_consent'),
      label('contact_consent_at'),
      label('identity_verified'),
    ])
  )

  let lastId = 0
  while (true) {
    const rows: SignatureRow[] = await db
      .from('signatures')
      .where('petition_id', petition.id)
      .where('id', '>', lastId)
      .orderBy('id', 'asc')
      .limit(EXPORT_CHUNK_SIZE)
      .select(...SIGNATURE_RECORD_COLUMNS)
    if (rows.length === 0) return
    let chunk = ''
    for (const row of rows) {
      const answers = customAnswersOf(row.custom_fields_data)
      chunk += csvRow([
        row.id,
        row.first_name,
        row.last_name,
        row.email,
        row.country ? nameOf(row.country) : unknownCountry,
        row.country ?? '',
        ...(petition.askPostalCode ? [row.postal_code ?? ''] : []),
        ...(petition.allowComments ? [row.comment] : []),
        ...fields.map((field) => answers[String(field.id)] ?? ''),
        ...(petition.allowOpposite ? [yesNo(row.score > 0)] : []),
        yesNo(row.private),
        yesNo(row.confirmed_at),
        yesNo(row.active),
        utcText(row.created_at),
        row.confirmed_at ? utcText(row.confirmed_at) : '',
        row.source ?? '',
        yesNo(row.contact_consent_at),
        row.contact_consent_at ? utcText(row.contact_consent_at) : '',
        yesNo(row.identity_provider),
      ])
    }
    yield chunk
    lastId = rows[rows.length - 1].id
    if (rows.length < EXPORT_CHUNK_SIZE) return
  }
}

/**
 * "2026-11-22 09:30:00", in UTC, which spreadsheets read as a date. A raw
 * SQLite timestamp is the text Lucid wrote in the server's zone; PostgreSQL
 * gives a Date. No luxon here: a million rows.
 */
function utcText(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value.replace(' ', 'T'))
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

/** "my-petition-signatures-2026-11-22.csv": the petition's slug and today's date. */
export function exportFileName(petition: Petition, today = DateTime.utc()) {
  const name = petition.slug.replace(/[^a-z0-9-]+/gi, '-').slice(0, 80) || 'petition'
  return `${name}-signatures-${today.toISODate()}.csv`
}
