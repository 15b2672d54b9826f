import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { signatureWrites } from '#runtime/signatures/signature_writes'
import { emptiedAfterwards } from '#tests/helpers/database'

/**
 * Makes the caller's transaction fail at its COMMIT, not before: a
 * constraint checked only then (SQLite's deferred foreign keys, a deferred
 * unique constraint on PostgreSQL), as a server restarting under a commit
 * would.
 */
async function breakAtCommit(trx: TransactionClientContract) {
  if (trx.dialect.name === 'postgres') {
    await trx.rawQuery(
      `CREATE TEMP TABLE commit_breaker (id int,
         CONSTRAINT commit_breaker_once UNIQUE (id) DEFERRABLE INITIALLY DEFERRED) ON COMMIT DROP`
    )
    await trx.rawQuery('INSERT INTO commit_breaker (id) VALUES (1), (1)')
  } else {
    await trx.rawQuery('PRAGMA defer_foreign_keys = ON')
    await trx.rawQuery(
      `INSERT INTO signature_count_deltas (petition_id, country, support, oppose)
       VALUES (2147483647, 'PL', 1, 0)`
    )
  }
}

const storeAddress = (email: string) => async (trx: TransactionClientContract) => {
  await trx.table('newsletter_subscriptions').insert({ email, created_at: new Date() })
  return true
}

test.group('A COMMIT that fails', (group) => {
  // Real commits: a test transaction around them would turn them into savepoints.
  group.each.setup(() => emptiedAfterwards())

  test('fails the transaction for its caller, and nothing of it is stored', async ({ assert }) => {
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        await storeAddress('lost@example.org')(trx)
        await breakAtCommit(trx)
      })
    )
    assert.lengthOf(await db.from('newsletter_subscriptions').where('email', 'lost@example.org'), 0)
  })

  test('fails every write of a batch of signatures: none of them is answered as stored', async ({
    assert,
  }) => {
    const results = await Promise.allSettled([
      signatureWrites.run(storeAddress('first@example.org')),
      signatureWrites.run(async (trx) => {
        await breakAtCommit(trx)
        return true
      }),
      signatureWrites.run(storeAddress('last@example.org')),
    ])
    // PostgreSQL gives each such write its own transaction: only the broken one fails there.
    const batched = db.connection().dialect.name !== 'postgres'
    assert.deepEqual(
      results.map((result) => result.status),
      batched ? ['rejected', 'rejected', 'rejected'] : ['fulfilled', 'rejected', 'fulfilled']
    )
    const stored = await db.from('newsletter_subscriptions').select('email')
    assert.lengthOf(stored, batched ? 0 : 2)
  })
})
