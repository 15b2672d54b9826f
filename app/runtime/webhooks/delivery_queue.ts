import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import WebhookEndpoint from '#models/webhook_endpoint'
import { affectedRows, rowsOf } from '#support/database_errors'
import { retryDelaySeconds } from '#support/webhook_retries'
import { tryWebhook, type TryOutcome } from '#runtime/webhooks/sender'

/*
 * `webhook_deliveries` is the queue of record: a pending row whose
 * `next_attempt_at` has come is due. A sender claims due rows by moving
 * their `next_attempt_at` ahead in the same UPDATE that reads them, so two
 * workers (or a job and the sweep) never send one row at once; a sender
 * that dies mid-try leaves its rows due again once the claim runs out.
 */

/** Rows claimed per round, and tries in flight at once. */
const CLAIM_BATCH = 100
const CONCURRENT_TRIES = 8
/** How long a claim holds a row: longer than a try with its redirects (4 × 10 s). */
const CLAIM_SECONDS = 5 * 60
/** An endpoint that failed every try for this long is disabled. */
const DISABLE_AFTER_HOURS = 24

type ClaimedRow = {
  id: number | string
  endpoint_id: number | string
  message_id: string
  payload: string
  attempts: number | string
}

const stored = (at: DateTime) => at.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

/**
 * Claims due deliveries (only `ids` when given) of endpoints that are not
 * disabled: their `next_attempt_at` moves ahead by the claim, in the
 * UPDATE that returns them. On PostgreSQL a second claimer re-reads a row
 * it waited for and finds it no longer due.
 */
async function claimDue(now: DateTime, ids?: number[]) {
  const at = stored(now)
  const only = ids ? `AND id IN (${ids.map(() => '?').join(', ')})` : ''
  const due = `status = 'pending' AND next_attempt_at <= ?
    AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE disabled_at IS NULL)`
  const result = await db.rawQuery(
    `UPDATE webhook_deliveries SET next_attempt_at = ?
      WHERE id IN (SELECT id FROM webhook_deliveries WHERE ${due} ${only}
                   ORDER BY next_attempt_at LIMIT ${CLAIM_BATCH})
        AND ${due}
      RETURNING id, endpoint_id, message_id, payload, attempts`,
    [stored(now.plus({ seconds: CLAIM_SECONDS })), at, ...(ids ?? []), at]
  )
  return rowsOf<ClaimedRow>(result)
}

/** What a round of sending did: the tries made and the endpoints it disabled. */
export type SentRound = { tried: number; delivered: number; disabledEndpointIds: number[] }

/**
 * Sends the due deliveries (only `ids` when given; else all that are due,
 * round after round), each once, a few at a time, recording every try.
 */
export async function sendDueWebhooks(ids?: number[]): Promise<SentRound> {
  const round: SentRound = { tried: 0, delivered: 0, disabledEndpointIds: [] }
  if (ids && ids.length === 0) return round
  for (;;) {
    const claimed = await claimDue(DateTime.utc(), ids)
    if (claimed.length === 0) break
    const endpointIds = [...new Set(claimed.map((row) => Number(row.endpoint_id)))]
    const rows = await WebhookEndpoint.query().whereIn('id', endpointIds)
    const endpoints = new Map(rows.map((endpoint) => [endpoint.id, endpoint]))
    let next = 0
    const worker = async () => {
      while (next < claimed.length) {
        const row = claimed[next++]
        const endpoint = endpoints.get(Number(row.endpoint_id))
        if (!endpoint) continue
        const startedAt = DateTime.utc()
        const outcome = await tryWebhook({
          url: endpoint.url,
          secret: endpoint.secret,
          messageId: row.message_id,
          payload: row.payload,
        })
        const disabled = await recordTry(row, endpoint, startedAt, outcome).catch((error) => {
          // The claim runs out and the row is tried again: at least once.
          logger.error({ err: error }, 'a webhook try could not be recorded')
          return false
        })
        round.tried++
        if (outcome.delivered) round.delivered++
        if (disabled) round.disabledEndpointIds.push(endpoint.id)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENT_TRIES }, worker))
    // Only the ids asked for, or a round that took fewer than a batch: nothing more is due.
    if (ids || claimed.length < CLAIM_BATCH) break
  }
  return round
}

/**
 * Records a try (its `webhook_attempts` row), then the delivery's state:
 * delivered, due again after the schedule's delay, or failed once the
 * schedule is over. The endpoint's `failing_since` starts at its first
 * failure since a success and is cleared by a success; a failure when it
 * has failed for a day disables it, once (the conditional UPDATE decides).
 * True when this try disabled it.
 */
async function recordTry(
  row: ClaimedRow,
  endpoint: WebhookEndpoint,
  startedAt: DateTime,
  outcome: TryOutcome
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const now = DateTime.utc()
    const attempts = Number(row.attempts) + 1
    await trx.table('webhook_attempts').insert({
      delivery_id: row.id,
      attempted_at: stored(startedAt),
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs,
      error: outcome.error?.slice(0, 255) ?? null,
    })
    const delay = outcome.delivered ? null : retryDelaySeconds(attempts)
    await trx
      .from('webhook_deliveries')
      .where('id', row.id)
      .update({
        attempts,
        status: outcome.delivered ? 'delivered' : delay === null ? 'failed' : 'pending',
        next_attempt_at: delay === null ? null : stored(now.plus({ seconds: delay })),
        ...(outcome.delivered ? { delivered_at: stored(now) } : {}),
      })
    if (outcome.delivered) {
      await trx
        .from('webhook_endpoints')
        .where('id', endpoint.id)
        .whereNotNull('failing_since')
        .update({ failing_since: null, updated_at: stored(now) })
      return false
    }
    await trx
      .from('webhook_endpoints')
      .where('id', endpoint.id)
      .whereNull('failing_since')
      .update({ failing_since: stored(now) })
    const disabled = await trx
      .from('webhook_endpoints')
      .where('id', endpoint.id)
      .whereNull('disabled_at')
      .where('failing_since', '<=', stored(now.minus({ hours: DISABLE_AFTER_HOURS })))
      .update({ disabled_at: stored(now), updated_at: stored(now) })
    return affectedRows(disabled) > 0
  })
}
