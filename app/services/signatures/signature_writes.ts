import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { isUniqueViolation } from '#support/database_errors'

/** One signature's writes, run inside a transaction: false when its address had signed already. */
export type SignatureWrite = (trx: TransactionClientContract) => Promise<boolean>

type Waiting = {
  write: SignatureWrite
  settle: (stored: boolean) => void
  fail: (error: unknown) => void
}

/**
 * The writes of the signatures a process receives at the same moment, in
 * one transaction on SQLite (a group commit). SQLite has one writer at a
 * time for the whole file, shared by the processes: a transaction per
 * signature made every signature wait for the lock, and a process waiting
 * for it sleeps in steps of milliseconds. Gathered, a burst of signatures
 * takes the lock once per batch. Each signer is answered only after the
 * batch committed, so an answered signature is stored; a signature whose
 * address had signed fails alone (SQLite undoes only the statement that
 * broke the unique index), and a batch that fails as a whole fails each of
 * its signatures, as its own transaction would have. PostgreSQL locks rows,
 * not the database: there each signature keeps its own transaction.
 */
class SignatureWrites {
  #waiting: Waiting[] = []
  #writing: Promise<void> | null = null

  run(write: SignatureWrite): Promise<boolean> {
    if (db.connection().dialect.name === 'postgres') return this.#alone(write)
    return new Promise((settle, fail) => {
      this.#waiting.push({ write, settle, fail })
      // The batch waits for the one being written: what arrives meanwhile joins the next.
      if (this.#waiting.length === 1 && !this.#writing) setImmediate(() => this.#writeBatch())
    })
  }

  async #alone(write: SignatureWrite) {
    try {
      return await db.transaction(write)
    } catch (error) {
      if (isUniqueViolation(error)) return false
      throw error
    }
  }

  async #writeBatch() {
    const batch = this.#waiting.splice(0)
    if (batch.length === 0) return
    const outcomes: boolean[] = []
    this.#writing = db
      .transaction(async (trx) => {
        for (const { write } of batch) {
          try {
            outcomes.push(await write(trx))
          } catch (error) {
            if (!isUniqueViolation(error)) throw error
            outcomes.push(false)
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
