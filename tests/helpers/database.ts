import db from '@adonisjs/lucid/services/db'
import dbConfig from '#config/database'
import type { SqliteConfig } from '@adonisjs/lucid/types/database'

/** The migrations' own bookkeeping, kept as Lucid's truncation keeps it. */
const MIGRATION_TABLES = ['adonis_schema', 'adonis_schema_versions']

/**
 * SQLite's search index (the FTS5 table and the tables it keeps itself in):
 * emptying those by hand breaks the index, and the petitions' delete
 * trigger already empties it with them.
 */
const SEARCH_INDEX_TABLES = [
  'petitions_fts',
  'petitions_fts_config',
  'petitions_fts_data',
  'petitions_fts_docsize',
  'petitions_fts_idx',
]

/**
 * A test hook that empties every table after the test (as Lucid's
 * `truncate()` does), the search index through its own command.
 */
export function emptiedAfterwards() {
  return async () => {
    const connection = db.connection()
    await connection.dialect.truncateAllTables([...MIGRATION_TABLES, ...SEARCH_INDEX_TABLES])
    if (connection.dialect.name !== 'postgres') {
      await connection.rawQuery(`INSERT INTO petitions_fts (petitions_fts) VALUES ('delete-all')`)
    }
  }
}

/** The SQL statements the app runs while `action` runs, in order. */
export async function queriesDuring(action: () => Promise<unknown>) {
  return (await queriesWithBindingsDuring(action)).map((query) => query.sql)
}

/** The statements the app runs while `action` runs, with the values bound to each. */
export async function queriesWithBindingsDuring(action: () => Promise<unknown>) {
  const knex = db.connection().getWriteClient()
  const queries: Array<{ sql: string; bindings: unknown[] }> = []
  const listener = ({ sql, bindings }: { sql: string; bindings?: unknown[] }) =>
    queries.push({ sql, bindings: bindings ?? [] })
  knex.on('query', listener)
  try {
    await action()
  } finally {
    knex.off('query', listener)
  }
  return queries
}

/**
 * How the database would run `query`, as text. PostgreSQL is told to avoid
 * sequential scans: its test tables are so small that it would scan them
 * whatever indexes there are. SQLite explains on a connection of its own,
 * closed after: the driver leaves an EXPLAIN's statement open until it is
 * collected, and it locks its tables (a migration could not drop an index).
 */
export async function queryPlan(query: { sql: string; bindings: unknown[] }) {
  const connection = db.connection()
  if (connection.dialect.name === 'postgres') {
    return connection.transaction(async (trx) => {
      await trx.rawQuery('SET LOCAL enable_seqscan = off')
      // The statement as the driver got it ($1, $2…), back in knex's placeholders.
      const sql = query.sql.replace(/\$\d+/g, '?')
      const plan = await trx.rawQuery(`EXPLAIN ${sql}`, query.bindings as any[])
      return plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
    })
  }
  const { default: Database } = await import('libsql')
  const { filename } = (dbConfig.connections.sqlite as SqliteConfig).connection as {
    filename: string
  }
  const explaining = new Database(filename, { readonly: true })
  try {
    const plan = explaining
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...query.bindings) as Array<{ detail: string }>
    return plan.map((row) => row.detail).join('\n')
  } finally {
    explaining.close()
  }
}
