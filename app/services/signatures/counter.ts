import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Petition from '#models/petition'
import { forgetPetitionPage } from '#services/petitions/page_data'

export type Delta = { support: number; oppose: number }

/**
 * The petitions' support and oppose counters. Confirmations,
 * deactivations and reactivations add their +1/-1 here; the summed deltas
 * reach the petition row at least once a second, in one UPDATE per petition.
 * A viral petition's row is then written once a second instead of once per
 * signature (the UK Parliament site had to batch its +1 updates for the same
 * reason). Pages lag by at most the flush interval and are exact once writes
 * stop. Deltas not yet flushed when a process dies are lost: `petitions:recount`
 * rebuilds the counters from the signature rows.
 */
/** One signature of `score` counted (+1) or uncounted (-1): a score > 0 is support. */
export function signatureDelta(score: number, direction: 1 | -1): Delta {
  return score > 0 ? { support: direction, oppose: 0 } : { support: 0, oppose: direction }
}

export class SignatureCounter {
  #pending = new Map<number, Delta>()
  #timer: NodeJS.Timeout | null = null
  #flushing: Promise<void> | null = null

  constructor(private intervalMs = 1000) {}

  /** Moves a petition's counters by one signature of `score` (+1 support, -1 oppose). */
  add(petitionId: number, score: number, direction: 1 | -1) {
    const delta = this.#pending.get(petitionId) ?? { support: 0, oppose: 0 }
    const step = signatureDelta(score, direction)
    delta.support += step.support
    delta.oppose += step.oppose
    this.#pending.set(petitionId, delta)
    this.#schedule()
  }

  /** Drops pending deltas without writing them: for tests whose database was rolled back. */
  discard() {
    this.#pending.clear()
  }

  get pendingPetitions() {
    return this.#pending.size
  }

  /** Writes every pending delta now; resolves when they are in the database. */
  async flush(): Promise<void> {
    // One flush at a time, so that a delta is never applied twice.
    while (this.#flushing) await this.#flushing
    if (this.#pending.size === 0) return
    const batch = this.#pending
    this.#pending = new Map()
    this.#flushing = this.#apply(batch).finally(() => (this.#flushing = null))
    await this.#flushing
  }

  /** Stops the timer after a last flush (shutdown). */
  async stop() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.flush()
  }

  #schedule() {
    if (this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.flush().catch((error) => logger.error({ err: error }, 'signature counter flush failed'))
    }, this.intervalMs)
    // Never keeps a command or a test run alive; shutdown flushes explicitly.
    this.#timer.unref()
  }

  async #apply(batch: Map<number, Delta>) {
    for (const [petitionId, delta] of batch) {
      if (delta.support === 0 && delta.oppose === 0) continue
      try {
        await applyDelta(petitionId, delta)
        forgetPetitionPage(petitionId)
      } catch (error) {
        // Put it back: the next flush tries again, nothing is counted twice.
        const pending = this.#pending.get(petitionId) ?? { support: 0, oppose: 0 }
        pending.support += delta.support
        pending.oppose += delta.oppose
        this.#pending.set(petitionId, pending)
        this.#schedule()
        throw error
      }
    }
  }
}

/**
 * One relative UPDATE (count = count + n): concurrent flushes of several
 * processes add up instead of overwriting each other. The first time support
 * reaches the target, the petition becomes successful.
 */
export async function applyDelta(
  petitionId: number,
  delta: Delta,
  client: QueryClientContract = db.connection()
) {
  const now = DateTime.utc().toFormat(client.dialect.dateTimeFormat)
  await client.rawQuery(
    `UPDATE petitions
        SET support_count = support_count + ?,
            oppose_count = oppose_count + ?,
            succeeded_at = CASE
              WHEN succeeded_at IS NULL AND support_count + ? >= target_signatures THEN ?
              ELSE succeeded_at END
      WHERE id = ?`,
    [delta.support, delta.oppose, delta.support, now, petitionId]
  )
}

function dateTimeFormat() {
  return db.connection().dialect.dateTimeFormat
}

/**
 * Rebuilds the counters of one petition, or of all, from the signature rows
 * (the recount command): one grouped count over the signatures, then an
 * UPDATE only where a petition's counters differ. Deltas still pending in
 * this process are flushed first so they are not applied on top of it.
 */
export async function recountSignatures(petitionId?: number) {
  await signatureCounter.flush()
  const petitions = await Petition.query()
    .if(petitionId, (query) => query.where('id', petitionId!))
    .select('id', 'support_count', 'oppose_count', 'target_signatures', 'succeeded_at')
  const counted = await countedSignatures(petitionId)
  let changed = 0
  for (const petition of petitions) {
    const { support, oppose } = counted.get(petition.id) ?? { support: 0, oppose: 0 }
    if (support === petition.supportCount && oppose === petition.opposeCount) continue
    const succeeded =
      support >= petition.targetSignatures ? (petition.succeededAt ?? DateTime.utc()) : null
    // A query, not the model: a recount is no edit of the petition (updated_at stays).
    await Petition.query()
      .where('id', petition.id)
      .update({
        support_count: support,
        oppose_count: oppose,
        succeeded_at: succeeded ? succeeded.toFormat(dateTimeFormat()) : null,
      })
    forgetPetitionPage(petition.id)
    changed++
  }
  return { petitions: petitions.length, changed }
}

/** Confirmed, active signatures per petition, split by side. */
async function countedSignatures(petitionId?: number) {
  const rows: Array<{ petition_id: number; support: number | string; oppose: number | string }> =
    await db
      .from('signatures')
      .if(petitionId, (query) => query.where('petition_id', petitionId!))
      .where('active', true)
      .whereNotNull('confirmed_at')
      .groupBy('petition_id')
      .select(
        'petition_id',
        db.raw('sum(case when score > 0 then 1 else 0 end) as support'),
        db.raw('sum(case when score > 0 then 0 else 1 end) as oppose')
      )
  return new Map(
    rows.map((row) => [
      Number(row.petition_id),
      { support: Number(row.support), oppose: Number(row.oppose) },
    ])
  )
}

export const signatureCounter = new SignatureCounter()
