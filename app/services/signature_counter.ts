import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Petition from '#models/petition'
import Signature from '#models/signature'
import { forgetPetitionPage } from '#services/petition_page_service'

type Delta = { support: number; oppose: number }

/**
 * The petitions' support and oppose counters (decisions 3). Confirmations,
 * deactivations and reactivations add their +1/-1 here; the summed deltas
 * reach the petition row at least once a second, in one UPDATE per petition.
 * A viral petition's row is then written once a second instead of once per
 * signature (the UK Parliament site had to batch its +1 updates for the same
 * reason). Pages lag by at most the flush interval and are exact once writes
 * stop. Deltas not yet flushed when a process dies are lost: `petitions:recount`
 * rebuilds the counters from the signature rows.
 */
export class SignatureCounter {
  #pending = new Map<number, Delta>()
  #timer: NodeJS.Timeout | null = null
  #flushing: Promise<void> | null = null

  constructor(private intervalMs = 1000) {}

  /** Moves a petition's counters by one signature of `score` (+1 support, -1 oppose). */
  add(petitionId: number, score: number, direction: 1 | -1) {
    const delta = this.#pending.get(petitionId) ?? { support: 0, oppose: 0 }
    if (score > 0) delta.support += direction
    else delta.oppose += direction
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
 * reaches the target, the petition becomes successful (decisions 5).
 */
async function applyDelta(petitionId: number, delta: Delta) {
  const now = DateTime.utc().toFormat(dateTimeFormat())
  await db.rawQuery(
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
 * (the recount command). Deltas still pending in this process are flushed
 * first so they are not applied on top of the recount.
 */
export async function recountSignatures(petitionId?: number) {
  await signatureCounter.flush()
  const petitions = petitionId
    ? await Petition.query().where('id', petitionId)
    : await Petition.query().select('id', 'target_signatures', 'succeeded_at')
  let changed = 0
  for (const petition of petitions) {
    const row = await Signature.query()
      .where('petition_id', petition.id)
      .where('active', true)
      .whereNotNull('confirmed_at')
      .select(
        db.raw('coalesce(sum(case when score > 0 then 1 else 0 end), 0) as support'),
        db.raw('coalesce(sum(case when score > 0 then 0 else 1 end), 0) as oppose')
      )
      .pojo<{ support: number | string; oppose: number | string }>()
      .firstOrFail()
    const support = Number(row.support)
    const oppose = Number(row.oppose)
    const succeeded =
      support >= petition.targetSignatures ? (petition.succeededAt ?? DateTime.utc()) : null
    const result = await Petition.query()
      .where('id', petition.id)
      .where((query) => query.whereNot('support_count', support).orWhereNot('oppose_count', oppose))
      .update({
        support_count: support,
        oppose_count: oppose,
        succeeded_at: succeeded ? succeeded.toFormat(dateTimeFormat()) : null,
      })
    if (Number(Array.isArray(result) ? result[0] : result) > 0) changed++
    forgetPetitionPage(petition.id)
  }
  return { petitions: petitions.length, changed }
}

export const signatureCounter = new SignatureCounter()
