import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { mkdirSync } from 'node:fs'
import { dirname, isAbsolute } from 'node:path'
import { createRequire } from 'node:module'
import { defineConfig } from '@adonisjs/lucid'

/**
 * SQLite runs on `libsql`, a prebuilt N-API build of SQLite with the
 * better-sqlite3 API: Lucid and knex drive it as their `better-sqlite3`
 * client, and nothing is compiled by node-gyp (the real better-sqlite3 is an
 * addon built for one Node version). Knex's client requires its driver by
 * name, so it is told where the driver is.
 */
const require = createRequire(import.meta.url)
const BetterSqlite3Client = require('knex/lib/dialects/better-sqlite3/index.js')
BetterSqlite3Client.prototype._driver = () => require('libsql')

/**
 * Each SQL text is prepared once per connection and its statement reused:
 * knex prepares every query anew, and preparing cost more than running the
 * query on the hot paths (a signature's BEGIN, INSERT and COMMIT). The
 * statements a query asks to read integers in a special way are made fresh
 * (that setting stays on a statement). At most PREPARED_PER_CONNECTION are
 * kept, the least recently used going first.
 */
const PREPARED_PER_CONNECTION = 500
const preparedOf = new WeakMap<object, Map<string, any>>()
const prepareAnew = BetterSqlite3Client.prototype._query
BetterSqlite3Client.prototype._query = async function (this: any, connection: any, query: any) {
  if (!query.sql || !connection || this._optSafeIntegers(query.options) !== undefined) {
    return prepareAnew.call(this, connection, query)
  }
  let prepared = preparedOf.get(connection)
  if (!prepared) preparedOf.set(connection, (prepared = new Map()))
  let statement = prepared.get(query.sql)
  if (statement) {
    prepared.delete(query.sql)
  } else {
    statement = connection.prepare(query.sql)
    if (prepared.size >= PREPARED_PER_CONNECTION) prepared.delete(prepared.keys().next().value!)
  }
  prepared.set(query.sql, statement)
  const bindings = this._formatBindings(query.bindings)
  if (statement.reader) {
    query.response = statement.all(bindings)
    return query
  }
  const response = statement.run(bindings)
  query.response = response
  query.context = { lastID: response.lastInsertRowid, changes: response.changes }
  return query
}

/**
 * Transactions take SQLite's write lock when they begin. Several worker
 * processes share the file: a deferred transaction that read first and then
 * writes fails at once with "database is locked" when another process wrote
 * in between (the busy timeout cannot help it), while an immediate one waits
 * its turn. Every transaction of this app writes.
 *
 * The wait does not put the process to sleep: SQLite's own busy handler
 * sleeps inside the (synchronous) driver, and a process waiting for another
 * one's write answered nobody meanwhile; under a signing burst each process
 * spent half its time so. Here the lock is asked for without waiting, and
 * asked again a moment later while the process serves other requests, for
 * as long as the busy timeout would have waited.
 */
const SqliteTransaction = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js')
const BUSY_TIMEOUT_MS = 5000
SqliteTransaction.prototype.begin = async function (this: any, connection: any) {
  const startedAt = Date.now()
  connection.pragma('busy_timeout = 0')
  try {
    for (let pause = 1; ; pause = Math.min(pause * 2, 8)) {
      try {
        connection.exec('BEGIN IMMEDIATE')
        return
      } catch (error) {
        const busy = (error as { code?: string }).code?.startsWith('SQLITE_BUSY')
        if (!busy || Date.now() - startedAt >= BUSY_TIMEOUT_MS) throw error
      }
      await new Promise((resume) => setTimeout(resume, pause))
    }
  } finally {
    connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  }
}

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
        // while a write is in progress; busy_timeout waits for a lock instead of failing.
        afterCreate: (connection: any, done: (error: Error | null, connection: any) => void) => {
          connection.pragma('journal_mode = WAL')
          connection.pragma('synchronous = NORMAL')
          connection.pragma('foreign_keys = ON')
          connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
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
