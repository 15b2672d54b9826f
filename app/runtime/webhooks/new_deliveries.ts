import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { WEBHOOK_TEST_EVENT, WebhookEvent } from '#shared/webhook_events'
import { rowsOf } from '#support/database_errors'
import { newMessageId, webhookBody, webhookPetitionRef } from '#support/webhook_messages'
import WebhookDeliveriesDue from '#events/webhook_deliveries_due'
import { petitionsWanting } from '#runtime/webhooks/live_endpoints'

/** One message for one endpoint: its event and the exact body every try sends. */
export type NewDelivery = {
  endpointId: number
  event: WebhookEvent | typeof WEBHOOK_TEST_EVENT
  body: string
}

/** Rows per INSERT: a few parameters each, far below any database's limit. */
const INSERT_BATCH = 500

/**
 * The live endpoints of `petitionIds` that want `event`, by petition: one
 * query, made only for petitions the process copy says have endpoints.
 */
export async function endpointsWanting(
  client: QueryClientContract,
  petitionIds: number[],
  event: WebhookEvent
): Promise<Map<number, number[]>> {
  const byPetition = new Map<number, number[]>()
  if (petitionIds.length === 0) return byPetition
  const rows: Array<{ id: number | string; petition_id: number | string; events: string }> =
    await client
      .from('webhook_endpoints')
      .whereIn('petition_id', petitionIds)
      .whereNull('disabled_at')
      .orderBy('id')
      .select('id', 'petition_id', 'events')
  for (const row of rows) {
    if (!(JSON.parse(row.events) as string[]).includes(event)) continue
    const petitionId = Number(row.petition_id)
    byPetition.set(petitionId, [...(byPetition.get(petitionId) ?? []), Number(row.id)])
  }
  return byPetition
}

/**
 * Stores each distinct body once (one INSERT per 500), in the order given:
 * both databases number the rows of one INSERT in the order of its VALUES,
 * so the ids read back in ascending order are the bodies' in that order.
 */
async function storeBodies(client: QueryClientContract, bodies: string[], now: string) {
  const ids: number[] = []
  for (let start = 0; start < bodies.length; start += INSERT_BATCH) {
    const batch = bodies.slice(start, start + INSERT_BATCH)
    const result = await client.rawQuery(
      `INSERT INTO webhook_bodies (body, created_at)
       VALUES ${batch.map(() => '(?, ?)').join(', ')}
       RETURNING id`,
      batch.flatMap((body) => [body, now])
    )
    const stored = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id))
    ids.push(...stored.sort((a, b) => a - b))
  }
  return ids
}

/**
 * Stores deliveries as pending and due now, each with its own message id,
 * in the caller's transaction: a body shared by several deliveries (one
 * message to every endpoint of a petition) is stored once, and each
 * delivery is a small row naming it (one INSERT per 500 of each). Returns
 * the deliveries' ids, to tell the sender once that transaction has
 * committed.
 */
export async function storeDeliveries(
  client: QueryClientContract,
  deliveries: NewDelivery[]
): Promise<number[]> {
  if (deliveries.length === 0) return []
  const now = DateTime.utc().toFormat(client.dialect.dateTimeFormat)
  const bodies = [...new Set(deliveries.map((delivery) => delivery.body))]
  const bodyIds = await storeBodies(client, bodies, now)
  const idOfBody = new Map(bodies.map((body, index) => [body, bodyIds[index]]))
  const ids: number[] = []
  for (let start = 0; start < deliveries.length; start += INSERT_BATCH) {
    const batch = deliveries.slice(start, start + INSERT_BATCH)
    const result = await client.rawQuery(
      `INSERT INTO webhook_deliveries
         (endpoint_id, message_id, event, body_id, status, attempts, next_attempt_at, created_at)
       VALUES ${batch.map(() => `(?, ?, ?, ?, 'pending', 0, ?, ?)`).join(', ')}
       RETURNING id`,
      batch.flatMap((delivery) => [
        delivery.endpointId,
        newMessageId(),
        delivery.event,
        idOfBody.get(delivery.body)!,
        now,
        now,
      ])
    )
    ids.push(...rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)))
  }
  return ids
}

/** What a petition event's message says of its petition. */
export type EventPetition = { id: number; guid: string; slug: string; title: string }

/**
 * One petition event (`petition.*`) to every live endpoint of the petition
 * that wants it: nothing at all, not even a query, for a petition the
 * process copy says has none. The rows commit together, then the sender is
 * told. Returns the deliveries' ids.
 */
export async function deliverPetitionEvent(
  petition: EventPetition,
  event: WebhookEvent,
  data: Record<string, unknown>
): Promise<number[]> {
  const wanting = await petitionsWanting([petition.id], [event])
  if (wanting.size === 0) return []
  const ids = await db.transaction(async (trx) => {
    const byPetition = await endpointsWanting(trx, [petition.id], event)
    const endpoints = byPetition.get(petition.id) ?? []
    const body = webhookBody(event, { petition: webhookPetitionRef(petition), ...data })
    return storeDeliveries(
      trx,
      endpoints.map((endpointId) => ({ endpointId, event, body }))
    )
  })
  await WebhookDeliveriesDue.tell(ids)
  return ids
}
