import { createRequire } from 'node:module'

/*
 * An override of knex's private transaction class, installed when this
 * module is loaded (config/database.ts imports it before Lucid opens a
 * connection); an upgrade of knex must be checked against it.
 */

const require = createRequire(import.meta.url)

/**
 * A COMMIT that fails (the server restarted under it, a deferred constraint,
 * a full disk) must fail for whoever committed. knex hands that failure to
 * the transaction's own promise only, and resolves the commit itself, so
 * Lucid's `db.transaction()` went on as if the writes were stored: a signer
 * would have been told their signature counts while it was rolled back.
 * The commit now waits for the transaction's outcome and rejects with it,
 * once the transaction is rolled back.
 */
const KnexTransaction = require('knex/lib/execution/transaction.js')
const commitQuietly = KnexTransaction.prototype.commit
KnexTransaction.prototype.commit = function (this: any, connection: any, value: unknown) {
  const committing = commitQuietly.call(this, connection, value)
  const outcome: Promise<unknown> | undefined = this.transactor?.executionPromise
  if (!outcome) return committing
  return committing.then((result: unknown) =>
    outcome.then(
      () => result,
      async (error: unknown) => {
        // SQLite keeps a transaction whose COMMIT failed open: end it, or the connection's next
        // BEGIN fails. PostgreSQL has ended it already (ROLLBACK is then a no-op).
        await this.client.query(connection, 'ROLLBACK').catch(() => {})
        throw error
      }
    )
  )
}
