import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { WebhookEvent } from '#shared/webhook_events'
import {
  SIGNATURE_RECORD_COLUMNS,
  signatureRecordOf,
  type SignatureRow,
} from '#support/signature_records'
import { rowsOf } from '#support/database_errors'
import { webhookBody, webhookPetitionRef } from '#support/webhook_messages'
import type { DeltaRow } from '#runtime/signatures/flushed_counts'
import { petitionsWanting } from '#runtime/webhooks/live_endpoints'
import { storeDeliveries, type NewDelivery } from '#runtime/webhooks/new_deliveries'
import { roundTurn } from '#runtime/webhooks/delivery_queue'

const EVENT_OF = {
  confirmed: 'signature.confirmed',
  withdrawn: 'signature.withdrawn',
} as const satisfies Record<string, WebhookEvent>

const SIGNATURE_EVENTS: WebhookEvent[] = Object.values(EVENT_OF)

/** Ids per `IN (…)` list: far below any database's limit of parameters. */
const ID_BATCH = 1000

type PetitionRow = {
  id: number | string
  guid: string
  slug: string
  title: string
  ask_postal_code: number | boolean
  allow_comments: number | boolean
  allow_opposite: number | boolean
}

/** A confirmation or withdrawal waiting for its deliveries, as the flush recorded it. */
type SignatureChangeRow = Pick<
  DeltaRow,
  'id' | 'petition_id' | 'signature_id' | 'signature_change' | 'signature_kept'
>

/** Rows per INSERT of recorded changes: five parameters each, far below any database's limit. */
const RECORD_BATCH = 500

type EndpointRow = { id: number | string; petition_id: number | string; events: string }

function batches<T>(items: T[]) {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += ID_BATCH) {
    out.push(items.slice(start, start + ID_BATCH))
  }
  return out
}

/**
 * Records a flush's confirmations and withdrawals for the webhooks of the
 * petitions that have endpoints wanting them, in the flush's transaction
 * (the rows and the counts commit together or not at all): one small row
 * each, one INSERT per 500. A petition the process copy says has no such
 * endpoint costs nothing more than that lookup. The bodies and deliveries
 * are made later by the sender (makeSignatureDeliveries), away from the
 * write lock the web workers share on SQLite. Returns how many it recorded.
 */
export async function recordSignatureChanges(
  trx: TransactionClientContract,
  rows: DeltaRow[]
): Promise<number> {
  const changed = rows.filter((row) => row.signature_change && row.signature_id !== null)
  if (changed.length === 0) return 0
  const wanting = await petitionsWanting(
    changed.map((row) => Number(row.petition_id)),
    SIGNATURE_EVENTS,
    trx
  )
  const recorded = changed.filter((row) => wanting.has(Number(row.petition_id)))
  const now = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
  for (let start = 0; start < recorded.length; start += RECORD_BATCH) {
    await trx.table('webhook_signature_events').multiInsert(
      recorded.slice(start, start + RECORD_BATCH).map((row) => ({
        petition_id: row.petition_id,
        signature_id: row.signature_id,
        signature_change: row.signature_change,
        signature_kept: row.signature_kept ?? null,
        created_at: now,
      }))
    )
  }
  return recorded.length
}

/** Recorded changes turned into deliveries per transaction. */
const MAKE_BATCH = 500

/**
 * Turns the recorded changes into deliveries, oldest first, a batch per
 * transaction that deletes the rows it turns (two senders never turn one),
 * each when its process may take a round; returns the new deliveries' ids.
 */
export async function makeSignatureDeliveries(): Promise<number[]> {
  const ids: number[] = []
  for (;;) {
    // A read takes no write lock: with nothing recorded, no turn is waited for.
    if (!(await db.from('webhook_signature_events').select('id').first())) return ids
    await roundTurn()
    const { taken, made } = await db.transaction(async (trx) => {
      const result = await trx.rawQuery(
        `DELETE FROM webhook_signature_events
          WHERE id IN (SELECT id FROM webhook_signature_events ORDER BY id LIMIT ${MAKE_BATCH})
          RETURNING id, petition_id, signature_id, signature_change, signature_kept`
      )
      const rows = rowsOf<SignatureChangeRow>(result)
      return { taken: rows.length, made: await deliverSignatureChanges(trx, rows) }
    })
    ids.push(...made)
    if (taken < MAKE_BATCH) return ids
  }
}

/**
 * The `signature.confirmed` / `signature.withdrawn` deliveries of recorded
 * changes, stored in the caller's transaction. For the petitions that still
 * have endpoints wanting them: their endpoints, the petitions and their
 * questions, and the confirmed signatures are read in one query each; each
 * message's body goes in once, whatever its endpoints, and every delivery
 * in one INSERT. A withdrawn signature is sent as its count row kept it
 * (its row is gone); a confirmed one whose row is gone by now (withdrawn
 * since) is sent from its withdrawal's copy when these rows have it.
 */
async function deliverSignatureChanges(
  trx: TransactionClientContract,
  rows: SignatureChangeRow[]
): Promise<number[]> {
  const changed = rows.filter((row) => row.signature_change && row.signature_id !== null)
  if (changed.length === 0) return []
  const wanting = await petitionsWanting(
    changed.map((row) => Number(row.petition_id)),
    SIGNATURE_EVENTS,
    trx
  )
  if (wanting.size === 0) return []
  const relevant = changed
    .filter((row) => wanting.has(Number(row.petition_id)))
    .sort((a, b) => Number(a.id) - Number(b.id))
  const petitionIds = [...wanting]

  const endpoints: EndpointRow[] = await trx
    .from('webhook_endpoints')
    .whereIn('petition_id', petitionIds)
    .whereNull('disabled_at')
    .orderBy('id')
    .select('id', 'petition_id', 'events')
  const petitions: PetitionRow[] = await trx
    .from('petitions')
    .whereIn('id', petitionIds)
    .select('id', 'guid', 'slug', 'title', 'ask_postal_code', 'allow_comments', 'allow_opposite')
  const fields: Array<{ id: number; petition_id: number | string; title: string }> = await trx
    .from('custom_fields')
    .whereIn('petition_id', petitionIds)
    .orderBy('position')
    .select('id', 'petition_id', 'title')
  const signatures = await confirmedSignatures(trx, relevant)

  const kept = new Map<number, SignatureRow>()
  for (const row of relevant) {
    if (row.signature_kept) kept.set(Number(row.signature_id), JSON.parse(row.signature_kept))
  }
  const wanted = endpoints.map((endpoint) => ({
    id: Number(endpoint.id),
    petitionId: Number(endpoint.petition_id),
    events: new Set(JSON.parse(endpoint.events) as string[]),
  }))
  const petitionOf = new Map(petitions.map((petition) => [Number(petition.id), petition]))
  const deliveries: NewDelivery[] = []
  for (const row of relevant) {
    const petition = petitionOf.get(Number(row.petition_id))
    const event = EVENT_OF[row.signature_change as keyof typeof EVENT_OF]
    const signatureId = Number(row.signature_id)
    const signature =
      row.signature_change === 'confirmed'
        ? (signatures.get(signatureId) ?? kept.get(signatureId))
        : kept.get(signatureId)
    if (!petition || !event || !signature) continue
    const questions = fields.filter((field) => Number(field.petition_id) === petition.id)
    const record = signatureRecordOf(
      signature,
      {
        askPostalCode: Boolean(petition.ask_postal_code),
        allowComments: Boolean(petition.allow_comments),
        allowOpposite: Boolean(petition.allow_opposite),
      },
      questions
    )
    const body = webhookBody(event, {
      petition: webhookPetitionRef(petition),
      signature: record,
    })
    for (const endpoint of wanted) {
      if (endpoint.petitionId !== petition.id || !endpoint.events.has(event)) continue
      deliveries.push({ endpointId: endpoint.id, event, body })
    }
  }
  return storeDeliveries(trx, deliveries)
}

/** The rows of the confirmed signatures among `rows`, by id: one query (per thousand). */
async function confirmedSignatures(trx: TransactionClientContract, rows: SignatureChangeRow[]) {
  const ids = [
    ...new Set(
      rows
        .filter((row) => row.signature_change === 'confirmed')
        .map((row) => Number(row.signature_id))
    ),
  ]
  const found = new Map<number, SignatureRow>()
  for (const batch of batches(ids)) {
    const read: SignatureRow[] = await trx
      .from('signatures')
      .whereIn('id', batch)
      .select(...SIGNATURE_RECORD_COLUMNS)
    for (const row of read) found.set(Number(row.id), row)
  }
  return found
}
