import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { affectedRows } from '#support/database_errors'

const TURNS = 'signature_counter_turns'
const TURN = 1
/**
 * How long a flush may keep the turn while its news goes out: a process
 * that died meanwhile holds it no longer than this.
 */
const TURN_LEASE_MS = 10_000
/** The soonest a process that found the turn taken asks again. */
const SOONEST_RETRY_MS = 50

export type Turn = { taken: true; until: number } | { taken: false; retryInMs: number }

/**
 * The counter's turn, across every process and node of the site: a
 * scheduled flush runs only when it takes the turn (`signature_counter_turns`,
 * one row), in the flush's own transaction, and keeps it until the flush's
 * news has gone out (`endTurn`). Counts then move at most once an interval
 * however many processes count (each would otherwise flush, and push the
 * same petition's count to its crowd, once a second of its own), and the
 * next move waits for the last one's pushes: a crowd larger than nginx
 * writes in a second is told less often, never later and later.
 */
export async function takeTurn(
  trx: TransactionClientContract,
  now: number,
  intervalMs: number
): Promise<Turn> {
  const until = now + TURN_LEASE_MS
  const taken = await trx
    .from(TURNS)
    .where('id', TURN)
    .where('next_at', '<=', now)
    .update({ next_at: until })
  if (affectedRows(taken) > 0) return { taken: true, until }
  const row = await trx.from(TURNS).where('id', TURN).select('next_at').first()
  if (!row) {
    // An emptied table (a test's truncation): the row comes back, taken.
    await trx.table(TURNS).insert({ id: TURN, next_at: until }).onConflict('id').ignore()
    return { taken: true, until }
  }
  const retryInMs = Math.min(Math.max(Number(row.next_at) - now, SOONEST_RETRY_MS), intervalMs)
  return { taken: false, retryInMs }
}

/**
 * Gives the turn back once the flush's news is out: the next flush may run
 * an interval after this one began, or now if the news took longer. A turn
 * that another process took after its lease ran out is left to it.
 */
export async function endTurn(takenAt: number, until: number, intervalMs: number) {
  await db
    .from(TURNS)
    .where('id', TURN)
    .where('next_at', until)
    .update({ next_at: Math.max(takenAt + intervalMs, Date.now()) })
}
