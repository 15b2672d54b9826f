import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** The texts of the statements this connection keeps prepared on PostgreSQL. */
async function namedStatements(trx: TransactionClientContract) {
  const rows = await trx.rawQuery('SELECT statement FROM pg_prepared_statements')
  return rows.rows.map((row: { statement: string }) => row.statement)
}

/** Runs `text` `times` times on the transaction's connection, answering the last rows. */
async function runTimes(trx: TransactionClientContract, text: string, times: number) {
  let rows: any[] = []
  for (let run = 0; run < times; run++) {
    const result = await trx.rawQuery(text)
    rows = trx.dialect.name === 'postgres' ? result.rows : result
  }
  return rows
}

test.group('Statements kept prepared on their connection', (group) => {
  group.each.setup(async () => {
    await db.rawQuery('DROP TABLE IF EXISTS kept_statement_notes')
    await db.rawQuery('CREATE TABLE kept_statement_notes (id integer PRIMARY KEY, body text)')
    return () => db.rawQuery('DROP TABLE IF EXISTS kept_statement_notes')
  })

  test('a statement run often answers the rows and columns as they are now', async ({ assert }) => {
    await db.transaction(async (trx) => {
      await trx.rawQuery(`INSERT INTO kept_statement_notes (id, body) VALUES (1, 'first')`)
      const named = 'SELECT id, body FROM kept_statement_notes ORDER BY id'
      assert.deepEqual(await runTimes(trx, named, 4), [{ id: 1, body: 'first' }])
      await trx.rawQuery(`INSERT INTO kept_statement_notes (id, body) VALUES (2, 'second')`)
      assert.deepEqual(await runTimes(trx, named, 1), [
        { id: 1, body: 'first' },
        { id: 2, body: 'second' },
      ])

      // Another node's migration adds a column: both the named columns and `*` still read.
      const everything = 'SELECT * FROM kept_statement_notes ORDER BY id'
      await runTimes(trx, everything, 4)
      await trx.rawQuery('ALTER TABLE kept_statement_notes ADD COLUMN author text')
      assert.deepEqual(await runTimes(trx, named, 1), [
        { id: 1, body: 'first' },
        { id: 2, body: 'second' },
      ])
      assert.deepEqual(await runTimes(trx, everything, 1), [
        { id: 1, body: 'first', author: null },
        { id: 2, body: 'second', author: null },
      ])
    })
  })

  test('on PostgreSQL a text run often is parsed once for its connection, a rare one never', async ({
    assert,
  }) => {
    await db.transaction(async (trx) => {
      const often = 'SELECT body FROM kept_statement_notes WHERE id = 7'
      const once = 'SELECT id FROM kept_statement_notes WHERE id = 8'
      const everything = 'SELECT * FROM kept_statement_notes WHERE id = 9'
      assert.deepEqual(await runTimes(trx, often, 5), [])
      assert.deepEqual(await runTimes(trx, once, 1), [])
      assert.deepEqual(await runTimes(trx, everything, 5), [])
      if (trx.dialect.name !== 'postgres') return
      const named = await namedStatements(trx)
      assert.include(named, often)
      assert.notInclude(named, once)
      // A plan kept for `*` would fail once a column is added: such texts stay unnamed.
      assert.notInclude(named, everything)
    })
  })
})
