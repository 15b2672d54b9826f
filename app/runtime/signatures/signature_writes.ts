import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { isDeadlock, isUniqueViolation } from '#support/database_errors'

/** One signature's writes, run inside a transaction. */
export type SignatureWrite<T> = (trx: TransactionClientContract) => Promise<T>

/**
 * Writes of one kind that a batch makes together, in as few statements as
 * it can (a multi-row INSERT, one UPDATE for many rows): `write` gets the
 * items of the batch in their order and gives one outcome per item. It must
 * not fail for an expected case (an address that had signed): on
 * PostgreSQL a failed statement aborts the whole transaction.
 */
export type BatchedWrite<Item, Outcome> = {
  write: (trx: TransactionClientContract, items: Item[]) => Promise<Outcome[]>
}

type Waiting = {
  kind: BatchedWrite<unknown, unknown>
  item: unknown
  settle: (outcome: unknown) => void
  fail: (error: unknown) => void
}

/** What a single write gives when its address had signed already; undefined: an error. */
type SingleWrite = { write: SignatureWrite<unknown>; onDuplicate: unknown }

/**
 * Single writes, one after the other in the batch's transaction. SQLite
 * undoes only the statement that broke a unique index, so such a write
 * fails alone there; PostgreSQL never batches them (see `run`).
 */
const singleWrites: BatchedWrite<SingleWrite, unknown> = {
  async write(trx, items) {
    const outcomes: unknown[] = []
    for (const { write, onDuplicate } of items) {
      try {
        outcomes.push(await write(trx))
      } catch (error) {
        if (onDuplicate === undefined || !isUniqueViolation(error)) throw error
        outcomes.push(onDuplicate)
      }
    }
    return outcomes
  },
}

/**
 * The writes of the signatures a process receives at the same moment
 * (signs and confirmations), in one transaction (a group commit), each kind
 * in as few statements as it can. On SQLite, one writer holds the lock of
 * the whole file, shared by the processes: a transaction per signature
 * made every signature wait for it, and a burst now takes it once per
 * batch, for a few statements. On PostgreSQL a batch saves the round trips
 * and the commits of one transaction per signature. Each signer is answered
 * only after the batch committed, so an answered signature is stored; a
 * batch that fails as a whole fails each of its writes, as its own
 * transaction would have. What arrives while a batch is written joins the
 * next one.
 */
class SignatureWrites {
  #waiting: Waiting[] = []
  #writing: Promise<void> | null = null

  /** Adds `item` to the next batch's writes of `kind`; resolves with its outcome once committed. */
  add<Item, Outcome>(kind: BatchedWrite<Item, Outcome>, item: Item): Promise<Outcome> {
    return new Promise<Outcome>((settle, fail) => {
      this.#waiting.push({
        kind: kind as BatchedWrite<unknown, unknown>,
        item,
        settle: settle as (outcome: unknown) => void,
        fail,
      })
      if (this.#waiting.length === 1 && !this.#writing) setImmediate(() => this.#writeBatch())
    })
  }

  /**
   * Runs `write` in a transaction shared with the writes arriving at the
   * same moment. `onDuplicate`: the outcome when the write breaks a unique
   * index (an address that had signed); without it, that is an error. On
   * PostgreSQL, where a broken statement aborts its whole transaction, such
   * a write keeps a transaction of its own.
   */
  run<T>(write: SignatureWrite<T>, { onDuplicate }: { onDuplicate?: T } = {}): Promise<T> {
    if (db.connection().dialect.name === 'postgres') return this.#alone(write, onDuplicate)
    return this.add(singleWrites, { write, onDuplicate }) as Promise<T>
  }

  async #alone<T>(write: SignatureWrite<T>, onDuplicate: T | undefined) {
    try {
      return await db.transaction(write)
    } catch (error) {
      if (onDuplicate !== undefined && isUniqueViolation(error)) return onDuplicate
      throw error
    }
  }

  #writeBatch() {
    const batch = this.#waiting.splice(0)
    if (batch.length === 0) return
    // Each kind's items in their order of arrival, written kind after kind.
    const kinds = new Map<BatchedWrite<unknown, unknown>, Waiting[]>()
    for (const waiting of batch) {
      const ofKind = kinds.get(waiting.kind)
      if (ofKind) ofKind.push(waiting)
      else kinds.set(waiting.kind, [waiting])
    }
    const outcomes = new Map<Waiting, unknown>()
    const write = () =>
      db.transaction(async (trx) => {
        for (const [kind, items] of kinds) {
          const written = await kind.write(
            trx,
            items.map(({ item }) => item)
          )
          items.forEach((waiting, index) => outcomes.set(waiting, written[index]))
        }
      })
    this.#writing = withDeadlockRetries(write)
      .then(
        () => batch.forEach((waiting) => waiting.settle(outcomes.get(waiting))),
        (error) => batch.forEach(({ fail }) => fail(error))
      )
      .finally(() => {
        this.#writing = null
        if (this.#waiting.length > 0) this.#writeBatch()
      })
  }
}

/** Tries of a batch that PostgreSQL keeps rolling back to end deadlocks. */
const DEADLOCK_TRIES = 3

/**
 * Runs `write` (a whole transaction) again when PostgreSQL ended a deadlock
 * by rolling it back. Two processes' batches can share a row (one link
 * pressed in two tabs, or mailed twice) and reach it in different orders.
 */
async function withDeadlockRetries(write: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      if (!isDeadlock(error) || attempt >= DEADLOCK_TRIES) throw error
    }
  }
}

export const signatureWrites = new SignatureWrites()
