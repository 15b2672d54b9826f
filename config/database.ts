import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { mkdirSync } from 'node:fs'
import { dirname, isAbsolute } from 'node:path'
import { defineConfig } from '@adonisjs/lucid'
// Overrides of knex's private internals, installed before Lucid opens a connection.
import { prepareSqliteConnection } from '#runtime/database/sqlite_driver'
import '#runtime/database/pg_named_statements'
import '#runtime/database/failed_commits'

/**
 * SQLite is the embedded default (a file, nothing to install); PostgreSQL is
 * the production database.
 */
const sqliteFile = env.get('SQLITE_FILE', 'tmp/db.sqlite3')
const sqlitePath = isAbsolute(sqliteFile) ? sqliteFile : app.makePath(sqliteFile)

// SQLite cannot create the folder of its file and the test runner hangs on it.
mkdirSync(dirname(sqlitePath), { recursive: true })

const migrations = { naturalSort: true, paths: ['database/migrations'] }
// Models declare their columns themselves; no generated schema classes.
const schemaGeneration = { enabled: false }

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: sqlitePath },
      useNullAsDefault: true,
      migrations,
      schemaGeneration,
      pool: {
        // One connection: SQLite serialises writers anyway. WAL lets readers go on
        // while a write is in progress.
        afterCreate: (connection: any, done: (error: Error | null, connection: any) => void) => {
          prepareSqliteConnection(connection)
          done(null, connection)
        },
      },
    },
    pg: {
      client: 'pg',
      connection: {
        host: env.get('PG_HOST', '127.0.0.1'),
        port: env.get('PG_PORT', 5432),
        user: env.get('PG_USER', 'postgres'),
        password: env.get('PG_PASSWORD', ''),
        database: env.get('PG_DB_NAME', 'undersign'),
      },
      migrations,
      schemaGeneration,
    },
  },
})

export default dbConfig
