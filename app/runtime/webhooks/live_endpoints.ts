import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { WebhookEvent } from '#shared/webhook_events'
import { liveWebhookEndpoints } from '#runtime/caches/process_caches'

/**
 * The events each petition's live webhook endpoints want, for every
 * petition that has one: one query for the whole site, kept as a process
 * copy (`liveWebhookEndpoints`), so that asking about a batch of petitions
 * costs a lookup, not a query. A caller inside a transaction passes it
 * (SQLite has one connection: a read beside it would wait for it forever).
 */
export function petitionsWithWebhooks(
  client: QueryClientContract = db.connection()
): Promise<Map<number, Set<WebhookEvent>>> {
  return liveWebhookEndpoints.get('all', async () => {
    const rows: Array<{ petition_id: number | string; events: string }> = await client
      .from('webhook_endpoints')
      .whereNull('disabled_at')
      .select('petition_id', 'events')
    const wanted = new Map<number, Set<WebhookEvent>>()
    for (const row of rows) {
      const petitionId = Number(row.petition_id)
      const events = wanted.get(petitionId) ?? new Set<WebhookEvent>()
      for (const event of JSON.parse(row.events) as WebhookEvent[]) events.add(event)
      wanted.set(petitionId, events)
    }
    return wanted
  })
}

/** The petitions among `petitionIds` with a live endpoint that wants one of `events`. */
export async function petitionsWanting(
  petitionIds: Iterable<number>,
  events: WebhookEvent[],
  client?: QueryClientContract
) {
  const wanted = await petitionsWithWebhooks(client)
  const found = new Set<number>()
  for (const id of petitionIds) {
    const wants = wanted.get(id)
    if (wants && events.some((event) => wants.has(event))) found.add(id)
  }
  return found
}
