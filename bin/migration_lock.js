/*
|--------------------------------------------------------------------------
| One node migrates at a time
|--------------------------------------------------------------------------
|
| Nodes started at the same moment after a deploy all run the migrations.
| On PostgreSQL, Lucid's own lock only refuses a second run (it exits 1,
| or fails to release the lock from another pooled connection), so each
| start first waits for the migration lock on a connection of its own,
| holds it while it migrates, then lets the next node in: that one finds
| nothing left to run. The key is Lucid's, so a `migration:run` typed by
| hand meanwhile is refused rather than run alongside. SQLite lives on one
| machine, where one start runs at a time.
|
*/
import pg from 'pg'

/** Lucid's advisory lock key for migrations. */
const MIGRATION_LOCK_KEY = 1

/**
 * Runs `migrate` (synchronous) while this process holds the migration lock
 * of the PostgreSQL database `settings` name, waiting for it as long as
 * another node holds it; on SQLite, runs it at once.
 */
export async function withMigrationLock(settings, migrate, log) {
  if (settings('DB_CONNECTION', 'sqlite') !== 'pg') return migrate()
  const client = new pg.Client({
    host: settings('PG_HOST', '127.0.0.1'),
    port: Number(settings('PG_PORT', '5432')),
    user: settings('PG_USER', 'postgres'),
    password: settings('PG_PASSWORD', ''),
    database: settings('PG_DB_NAME', 'undersign'),
  })
  try {
    await client.connect()
  } catch (error) {
    const where = `${client.host}:${client.port}`
    console.error(`\n[start] cannot reach PostgreSQL at ${where} to migrate: ${error.message}.`)
    process.exit(1)
  }
  try {
    const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS free', [
      MIGRATION_LOCK_KEY,
    ])
    if (!rows[0].free) {
      log('another node is running the migrations: waiting for it to finish…')
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    }
    return migrate()
  } finally {
    // Closing the session releases its lock, whatever happened.
    await client.end().catch(() => {})
  }
}
