import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import WebhookEndpoint from '#models/webhook_endpoint'
import { rowsOf } from '#support/database_errors'
import { retryDelaySeconds } from '#support/webhook_retries'
import { tryWebhook, type TryOutcome } from '#runtime/webhooks/sender'
import { judgeDestination, type DestinationJudgement } from '#runtime/webhooks/destinations'

/*
 * `webhook_deliveries` is the queue of record: a pending row whose
 * `next_attempt_at` has come is due. A sender claims due rows by moving
 * their `next_attempt_at` ahead in the same UPDATE that reads them, so two
 * workers (or a job and the sweep) never send one row at once; a sender
 * that dies mid-try leaves its rows due again once the claim runs out.
 */

/**
 * Rows claimed per round, and tries in flight at once per round (a process
 * runs a few rounds at once: one per queued job; the connections kept per
 * destination bound what one receiver gets, runtime/webhooks/connections).
 */
const CLAIM_BATCH = 100
const CONCURRENT_TRIES = 16
/** How long a claim holds a row: longer than a try with its redirects (4 × 10 s). */
const CLAIM_SECONDS = 5 * 60
/** An endpoint that failed every try for this long is disabled. */
const DISABLE_AFTER_HOURS = 24

type ClaimedRow = {
  id: number | string
  endpoint_id: number | string
  message_id: string
  body_id: number | string
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
      RETURNING id, endpoint_id, message_id, body_id, attempts`,
    [stored(now.plus({ seconds: CLAIM_SECONDS })), at, ...(ids ?? []), at]
  )
  return rowsOf<ClaimedRow>(result)
}

/**
 * What a round waits for before it writes (a claim here, or making
 * deliveries of recorded signature events): nothing, unless its process
 * says otherwise (the supervisor's webhook worker waits for idle cores:
 * runtime/webhooks/idle_cores).
 */
let beforeEachRound: () => Promise<void> = async () => {}

export function waitBeforeEachRound(wait: () => Promise<void>) {
  beforeEachRound = wait
}

/** Resolves when this process may take its next round. */
export function roundTurn() {
  return beforeEachRound()
}

/** What a round of sending did: the tries made and the endpoints it disabled. */
export type SentRound = { tried: number; delivered: number; disabledEndpointIds: number[] }

/** A try made in a round, to record with the others. */
type MadeTry = { row: ClaimedRow; endpointId: number; startedAt: DateTime; outcome: TryOutcome }

/**
 * Sends the due deliveries (only `ids` when given, a batch at a time: a
 * flush names thousands; else all that are due, round after round), each
 * once, a few at a time, recording each round's tries together.
 */
export async function sendDueWebhooks(ids?: number[]): Promise<SentRound> {
  const round: SentRound = { tried: 0, delivered: 0, disabledEndpointIds: [] }
  if (ids) {
    for (let start = 0; start < ids.length; start += CLAIM_BATCH) {
      await sendRound(round, ids.slice(start, start + CLAIM_BATCH))
    }
    return round
  }
  // Until a round takes fewer than a batch: nothing more is due.
  let claimed: number
  do {
    claimed = await sendRound(round)
  } while (claimed === CLAIM_BATCH)
  return round
}

/** One round: claims due rows (only `only` when given), sends and records them; how many it claimed. */
async function sendRound(round: SentRound, only?: number[]): Promise<number> {
  await roundTurn()
  const claimed = await claimDue(DateTime.utc(), only)
  if (claimed.length === 0) return 0
  const endpointIds = [...new Set(claimed.map((row) => Number(row.endpoint_id)))]
  const rows = await WebhookEndpoint.query().whereIn('id', endpointIds)
  const endpoints = new Map(rows.map((endpoint) => [endpoint.id, endpoint]))
  const bodyIds = [...new Set(claimed.map((row) => Number(row.body_id)))]
  const bodyRows: Array<{ id: number | string; body: string }> = await db
    .from('webhook_bodies')
    .whereIn('id', bodyIds)
    .select('id', 'body')
  const bodies = new Map(bodyRows.map((row) => [Number(row.id), row.body]))
  // Each endpoint's URL is judged (resolved) once a round, not once a try.
  const judged = new Map<number, Promise<DestinationJudgement>>()
  const made: MadeTry[] = []
  let next = 0
  const worker = async () => {
    while (next < claimed.length) {
      const row = claimed[next++]
      const endpoint = endpoints.get(Number(row.endpoint_id))
      const body = bodies.get(Number(row.body_id))
      if (!endpoint || body === undefined) continue
      if (!judged.has(endpoint.id)) judged.set(endpoint.id, judgeDestination(endpoint.url))
      const startedAt = DateTime.utc()
      const outcome = await tryWebhook(
        {
          url: endpoint.url,
          secret: endpoint.secret,
          messageId: row.message_id,
          body,
        },
        judged.get(endpoint.id)
      )
      made.push({ row, endpointId: endpoint.id, startedAt, outcome })
    }
  }
  await Promise.all(Array.from({ length: CONCURRENT_TRIES }, worker))
  const disabled = await recordTries(made).catch((error) => {
    // The claims run out and the rows are tried again: at least once.
    logger.error({ err: error }, 'webhook tries could not be recorded')
    return []
  })
  round.tried += made.length
  round.delivered += made.filter((one) => one.outcome.delivered).length
  round.disabledEndpointIds.push(...disabled)
  return claimed.length
}

const placeholders = (values: unknown[]) => values.map(() => '?').join(', ')

/**
 * Records a round's tries in one transaction of a few statements, whatever
 * their number: one INSERT of their `webhook_attempts` rows, one UPDATE per
 * new state of the deliveries (delivered; due again after the schedule's
 * delay; failed once the schedule is over). An endpoint that answered any
 * try of the round is well: its `failing_since` is cleared. One that failed
 * every try gets a `failing_since` at its first failure since a success, and
 * is disabled, once (the conditional UPDATE decides), when that was a day
 * ago. Returns the endpoints this round disabled.
 */
async function recordTries(made: MadeTry[]): Promise<number[]> {
  if (made.length === 0) return []
  return db.transaction(async (trx) => {
    const now = DateTime.utc()
    await trx.table('webhook_attempts').multiInsert(
      made.map(({ row, startedAt, outcome }) => ({
        delivery_id: row.id,
        attempted_at: stored(startedAt),
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        error: outcome.error?.slice(0, 255) ?? null,
      }))
    )
    // Deliveries that take the same new state, grouped: one UPDATE each.
    const byState = new Map<string, { state: Record<string, unknown>; ids: number[] }>()
    for (const { row, outcome } of made) {
      const attempts = Number(row.attempts) + 1
      const delay = outcome.delivered ? null : retryDelaySeconds(attempts)
      const state = {
        attempts,
        status: outcome.delivered ? 'delivered' : delay === null ? 'failed' : 'pending',
        next_attempt_at: delay === null ? null : stored(now.plus({ seconds: delay })),
        ...(outcome.delivered ? { delivered_at: stored(now) } : {}),
      }
      const key = JSON.stringify(state)
      const group = byState.get(key) ?? { state, ids: [] as number[] }
      group.ids.push(Number(row.id))
      byState.set(key, group)
    }
    for (const { state, ids } of byState.values()) {
      await trx.from('webhook_deliveries').whereIn('id', ids).update(state)
    }
    const answered = new Set(
      made.filter((one) => one.outcome.delivered).map((one) => one.endpointId)
    )
    const failing = [...new Set(made.map((one) => one.endpointId))].filter(
      (id) => !answered.has(id)
    )
    if (answered.size > 0) {
      await trx
        .from('webhook_endpoints')
        .whereIn('id', [...answered])
        .whereNotNull('failing_since')
        .update({ failing_since: null, updated_at: stored(now) })
    }
    if (failing.length === 0) return []
    await trx
      .from('webhook_endpoints')
      .whereIn('id', failing)
      .whereNull('failing_since')
      .update({ failing_since: stored(now) })
    const disabled = await trx.rawQuery(
      `UPDATE webhook_endpoints SET disabled_at = ?, updated_at = ?
        WHERE id IN (${placeholders(failing)}) AND disabled_at IS NULL AND failing_since <= ?
        RETURNING id`,
      [stored(now), stored(now), ...failing, stored(now.minus({ hours: DISABLE_AFTER_HOURS }))]
    )
    return rowsOf<{ id: number | string }>(disabled).map((row) => Number(row.id))
  })
}
