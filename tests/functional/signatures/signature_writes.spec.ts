import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { rmSync } from 'node:fs'
import dbConfig from '#config/database'
import type { SqliteConfig } from '@adonisjs/lucid/types/database'
import { signatureWrites } from '#services/signatures/signature_writes'

/** A write that stores one row of a table with a unique column, as a signature's INSERT does. */
const storeAddress = (email: string) => async (trx: any) => {
  await trx.table('newsletter_subscriptions').insert({ email, created_at: new Date() })
  return true
}

test.group('Signature writes: several at once in one transaction', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('writes arriving together all land; one whose address is taken fails alone', async ({
    assert,
  }) => {
    await db
      .table('newsletter_subscriptions')
      .insert({ email: 'taken@example.org', created_at: new Date() })
    const emails = ['a@example.org', 'b@example.org', 'taken@example.org', 'c@example.org']
    const outcomes = await Promise.all(
      emails.map((email) => signatureWrites.run(storeAddress(email), { onDuplicate: false }))
    )
    assert.deepEqual(outcomes, [true, true, false, true])
    const stored = await db.from('newsletter_subscriptions').orderBy('email').select('email')
    assert.deepEqual(
      stored.map((row) => row.email),
      ['a@example.org', 'b@example.org', 'c@example.org', 'taken@example.org']
    )
  })

  test('a batch that fails for another reason fails every write in it (on PostgreSQL, that write alone)', async ({
    assert,
  }) => {
    // PostgreSQL keeps a transaction per signature: there is no batch to fail.
    const batched = db.connection().dialect.name !== 'postgres'
    const broken = async () => {
      throw new Error('the disk is full')
    }
    const results = await Promise.allSettled([
      signatureWrites.run(storeAddress('first@example.org'), { onDuplicate: false }),
      signatureWrites.run(broken, { onDuplicate: false }),
      signatureWrites.run(storeAddress('last@example.org'), { onDuplicate: false }),
    ])
    assert.deepEqual(
      results.map((result) => result.status),
      batched ? ['rejected', 'rejected', 'rejected'] : ['fulfilled', 'rejected', 'fulfilled']
    )
    assert.lengthOf(await db.from('newsletter_subscriptions').select('id'), batched ? 0 : 2)
    // The next writes are not held up by the failed batch.
    assert.isTrue(await signatureWrites.run(storeAddress('after@example.org')))
    // Without `onDuplicate`, an address taken is an error like any other.
    await assert.rejects(() => signatureWrites.run(storeAddress('after@example.org')))
  })
})

test.group('SQLite write lock', () => {
  test('a transaction waiting for another process to write keeps the process serving', async ({
    assert,
  }) => {
    // A SQLite file of its own, so the check runs whatever the suite's database.
    const file = app.makePath('tmp/write_lock_check.sqlite3')
    rmSync(file, { force: true })
    // Set up as the app's SQLite connection is (its pragmas included).
    const appSqlite = dbConfig.connections.sqlite as SqliteConfig
    db.manager.add('write_lock_check', { ...appSqlite, connection: { filename: file } })
    const sqlite = db.connection('write_lock_check')
    await sqlite.rawQuery('CREATE TABLE marks (id INTEGER PRIMARY KEY)')
    const { default: Database } = await import('libsql')
    // Another process's connection to the same file, in the middle of a write.
    const other = new Database(file)
    other.exec('BEGIN IMMEDIATE')
    let ticks = 0
    const ticker = setInterval(() => ticks++, 5)
    setTimeout(() => other.exec('COMMIT'), 200)
    const startedAt = Date.now()
    try {
      await sqlite.transaction(async (trx) => {
        await trx.table('marks').insert({ id: 1 })
      })
    } finally {
      clearInterval(ticker)
      other.close()
      await db.manager.close('write_lock_check')
    }
    // It waited for the other write, and the event loop went on meanwhile
    // (SQLite's own busy handler would have slept through both ticks and wait).
    assert.isAtLeast(Date.now() - startedAt, 150)
    assert.isAtLeast(ticks, 10)
  })
})
