import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { isUniqueViolation } from '#support/database_errors'

/** One signature's writes, run inside a transaction. */
export type SignatureWrite<T> = (trx: TransactionClientContract) => Promise<T>

type Waiting = {
  write: SignatureWrite<unknown>
  /** What the write gives when its address had signed already; undefined: such a failure is an error. */
  onDuplicate: unknown
  settle: (outcome: unknown) => void
  fail: (error: unknown) => void
}

/**
 * The writes of the signatures a process receives at the same moment
 * (signs and confirmations), in one transaction on SQLite (a group commit).
 * SQLite has one writer at a time for the whole file, shared by the
 * processes: a transaction per signature made every signature wait for the
 * lock, and a process waiting for it sleeps in steps of milliseconds.
 * Gathered, a burst of signatures takes the lock once per batch. Each
 * signer is answered only after the batch committed, so an answered
 * signature is stored; a signature whose address had signed fails alone
 * (SQLite undoes only the statement that broke the unique index), and a
 * batch that fails as a whole fails each of its writes, as its own
 * transaction would have. PostgreSQL locks rows, not the database: there
 * each write keeps its own transaction.
 */
class SignatureWrites {
  #waiting: Waiting[] = []
  #writing: Promise<void> | null = null

  /**
   * Runs `write` in a transaction shared with the writes arriving at the
   * same moment. `onDuplicate`: the outcome when the write breaks a unique
   * index (an address that had signed); without it, that is an error.
   */
  run<T>(write: SignatureWrite<T>, { onDuplicate }: { onDuplicate?: T } = {}): Promise<T> {
    if (db.connection().dialect.name === 'postgres') return this.#alone(write, onDuplicate)
    return new Promise<T>((settle, fail) => {
      this.#waiting.push({ write, onDuplicate, settle: settle as (outcome: unknown) => void, fail })
      // The batch waits for the one being written: what arrives meanwhile joins the next.
      if (this.#waiting.length === 1 && !this.#writing) setImmediate(() => this.#writeBatch())
    })
  }

  async #alone<T>(write: SignatureWrite<T>, onDuplicate: T | undefined) {
    try {
      return await db.transaction(write)
    } catch (error) {
      if (onDuplicate !== undefined && isUniqueViolation(error)) return onDuplicate
      throw error
    }
  }

  async #writeBatch() {
    const batch = this.#waiting.splice(0)
    if (batch.length === 0) return
    const outcomes: unknown[] = []
    this.#writing = db
      .transaction(async (trx) => {
        for (const { write, onDuplicate } of batch) {
          try {
            outcomes.push(await write(trx))
          } catch (error) {
            if (onDuplicate === undefined || !isUniqueViolation(error)) throw error
            outcomes.push(onDuplicate)
          }
        }
      })
      .then(
        () => batch.forEach(({ settle }, index) => settle(outcomes[index])),
        (error) => batch.forEach(({ fail }) => fail(error))
      )
      .finally(() => {
        this.#writing = null
        if (this.#waiting.length > 0) void this.#writeBatch()
      })
  }
}

export const signatureWrites = new SignatureWrites()
