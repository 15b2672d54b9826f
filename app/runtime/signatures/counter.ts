import logger from '@adonisjs/core/services/logger'
import { rowsOf } from '#support/database_errors'
import { changePetitions } from '#models/petition_changes'
import {
  DELTAS,
  addToCountryCounts,
  addToHourlyCounts,
  addToInvalidations,
  applyDelta,
  sumDeltas,
  type DeltaRow,
} from '#runtime/signatures/flushed_counts'
import { isServiceUnavailable } from '#support/unavailable_services'
import { endTurn, takeTurn, type Turn } from '#runtime/signatures/counter_turn'
import { logCountChanges } from '#runtime/signatures/logged_counts'
import { recordSignatureChanges } from '#runtime/webhooks/signature_events'
import WebhookSignatureEventsRecorded from '#events/webhook_signature_events_recorded'

/** A scheduled flush's turn (none when it had not the turn). */
type Applied = { turn: Turn | null }

/**
 * The petitions' support and oppose counters. Confirmations, deactivations
 * and reactivations each add a +1/-1 row to signature_count_deltas in their
 * own transaction (`countSignature`); the flusher sums those rows and moves
 * the sums onto the petition rows, in one UPDATE per petition, about once a
 * second, on the site's turn (one flush at a time across every process and
 * node, the next once the last one's news went out: `counter_turn`). A
 * viral petition's row is then written once a second instead of once per
 * signature (the UK Parliament site had to batch its +1 updates for the
 * same reason). Pages lag by about the flush interval and are exact once
 * writes stop. Rows left by a crash are applied by the flush at boot.
 * The same sums go to the hourly counts that rank the trending list and
 * keep the petition's history, and, per country, to its counts by country;
 * each change becomes a leaf of the transparency log in the same transaction,
 * and each confirmation or withdrawal a delivery to its petition's webhooks.
 */
export class SignatureCounter {
  #timer: NodeJS.Timeout | null = null
  #flushing: Promise<void> | null = null

  constructor(private intervalMs = 1000) {}

  /** Flushes within the interval: a count was recorded. */
  wake() {
    if (!this.#timer) this.#schedule(this.intervalMs)
  }

  #schedule(delayMs: number) {
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.#flushOnTurn().catch((error) => {
        logger.error({ err: error }, 'signature counter flush failed')
        // The database went away (a restart): its rows wait, and are applied
        // once it is back rather than at the next count, which may never come.
        if (isServiceUnavailable(error)) this.wake()
      })
    }, delayMs)
    // Never keeps a command or a test run alive: the rows wait for the next flush.
    this.#timer.unref()
  }

  /**
   * Applies every recorded delta now, whoever's turn it is (a command, a
   * test, the boot and the shutdown); resolves when the petitions have them.
   */
  async flush(): Promise<void> {
    // This flush takes what the scheduled one was for.
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    // One flush at a time in a process; across processes the DELETE decides.
    while (this.#flushing) await this.#flushing
    this.#flushing = this.#applyRecorded()
      .then(() => undefined)
      .finally(() => (this.#flushing = null))
    await this.#flushing
  }

  /**
   * The scheduled flush: only on the site's turn (`counter_turn`), kept
   * until its news has gone out; when another process has the turn, this
   * one asks again when it may be free (that flush took these rows too, or
   * the next one will).
   */
  async #flushOnTurn(): Promise<void> {
    while (this.#flushing) await this.#flushing
    const takenAt = Date.now()
    this.#flushing = this.#applyRecorded({ takenAt, intervalMs: this.intervalMs })
      .then(async (applied) => {
        const { turn } = applied
        if (!turn?.taken) {
          if (turn && !this.#timer) this.#schedule(turn.retryInMs)
          return
        }
        await endTurn(takenAt, turn.until, this.intervalMs).catch((error) =>
          logger.warn({ err: error }, 'the signature counter could not give its turn back')
        )
      })
      .finally(() => (this.#flushing = null))
    await this.#flushing
  }

  /** At shutdown: the flush this process was waiting for happens now. */
  async stop() {
    if (this.#flushing) await this.#flushing
    if (!this.#timer) return
    // A failed flush loses nothing: the rows wait for the next boot's flush.
    await this.flush().catch((error) =>
      logger.warn({ err: error }, 'signature counter flush at shutdown failed')
    )
  }

  /**
   * Takes the recorded rows by deleting them (a row another process took
   * meanwhile is no longer there to take, so no delta is applied twice) and
   * applies their sums in the same transaction: a failure leaves both as
   * they were, for the next flush.
   */
  async #applyRecorded(onTurn?: { takenAt: number; intervalMs: number }): Promise<Applied> {
    return changePetitions(
      async ({ trx, mark }) => {
        const turn = onTurn ? await takeTurn(trx, onTurn.takenAt, onTurn.intervalMs) : null
        if (turn && !turn.taken) return { turn }
        const rows = rowsOf<DeltaRow>(
          await trx.rawQuery(
            `DELETE FROM ${DELTAS}
           RETURNING id, petition_id, country, support, oppose, stopped, deactivated, verified,
                     invalidation_id, commitment, signature_id, signature_change, signature_kept`
          )
        )
        const { sums, byCountry, removals } = sumDeltas(rows)
        // The log takes the changes first: its size is what the counts now correspond to.
        const logged = await logCountChanges(trx, rows)
        // Ascending ids: two processes flushing at once lock petitions in the same order.
        const petitionIds = [...sums.keys()].sort((a, b) => a - b)
        for (const petitionId of petitionIds) {
          const treeSize = logged.petitionIds.has(petitionId) ? logged.treeSize : null
          await applyDelta(petitionId, sums.get(petitionId)!, trx, treeSize)
        }
        await addToHourlyCounts(trx, petitionIds, sums)
        await addToCountryCounts(trx, [...byCountry.values()])
        await addToInvalidations(trx, removals)
        // Confirmations and withdrawals for their petitions' webhooks, recorded with the counts.
        if ((await recordSignatureChanges(trx, rows)) > 0) {
          trx.after('commit', () => void WebhookSignatureEventsRecorded.tell())
        }
        // A +1 and a -1 of the same side cancel out: that petition's counts did not move
        // (unless one of them was verified and the other not: its verified count moved).
        const counted = (id: number) =>
          sums.get(id)!.support !== 0 || sums.get(id)!.oppose !== 0 || sums.get(id)!.verified !== 0
        const moved = petitionIds.filter(counted)
        const uncounted = new Set([
          ...petitionIds.filter(
            (id) => sums.get(id)!.stopped !== 0 || sums.get(id)!.deactivated !== 0
          ),
          ...[...removals.values()].map((removal) => removal.petitionId),
        ])
        // One event per flush, however many signatures it counted; the pages
        // of petitions whose uncounted signatures alone moved are shown afresh.
        mark('counts', ...moved)
        mark('signatures', ...uncounted)
        return { turn }
      },
      // The flush resolves once the pages have its counts.
      { waitForListeners: true }
    )
  }
}

export const signatureCounter = new SignatureCounter()
