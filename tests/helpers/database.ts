import db from '@adonisjs/lucid/services/db'

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
  const knex = db.connection().getWriteClient()
  const queries: string[] = []
  const listener = (query: { sql: string }) => queries.push(query.sql)
  knex.on('query', listener)
  try {
    await action()
  } finally {
    knex.off('query', listener)
  }
  return queries
}
