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
/** How much of the database file each connection reads through a memory map. */
const SQLITE_MAPPED_BYTES = 1024 * 1024 * 1024
/** The page cache of each connection, in KiB. */
const SQLITE_CACHE_KIB = 32 * 1024
/**
 * The statements kept: the app's reads and writes. Others (EXPLAIN, which
 * the driver leaves open after reading it, locking its tables; schema
 * changes, run once) are prepared each time and let go.
 */
const KEPT_STATEMENTS =
  /^\s*(select|insert|update|delete|with|begin|commit|rollback|savepoint|release)\b/i
const preparedOf = new WeakMap<object, Map<string, any>>()
const prepareAnew = BetterSqlite3Client.prototype._query

/** Statements that begin or end a transaction: run as they are, never kept prepared. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i

/** Runs a query on a statement prepared once for the connection, or anew when not kept. */
function runQuery(this: any, connection: any, query: any) {
  // A kept COMMIT that failed (a deferred constraint) stays active in libsql and locks its
  // tables until it is collected: exec leaves no statement behind.
  if (connection && query.sql && TRANSACTION_CONTROL.test(query.sql) && !query.bindings?.length) {
    connection.exec(query.sql)
    query.response = { changes: 0 }
    query.context = { lastID: undefined, changes: 0 }
    return query
  }
  const kept = query.sql && KEPT_STATEMENTS.test(query.sql)
  if (!kept || !connection || this._optSafeIntegers(query.options) !== undefined) {
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

BetterSqlite3Client.prototype._query = async function (this: any, connection: any, query: any) {
  return runQuery.call(this, connection, query)
}

/**
 * SQLite has one writer at a time for the whole file, shared by the worker
 * processes. When another process is writing, SQLite's busy handler sleeps
 * inside the (synchronous) driver until it may write: a process waiting so
 * answers nobody meanwhile, and under a signing burst each process spent
 * half its time asleep at the start of its transactions. So a transaction
 * asks for the lock without waiting (a busy timeout of 0 for that
 * statement), and asks again a moment later while the process serves other
 * requests, for as long as the busy timeout would have waited. Single
 * statements outside a transaction, and the rate limiter's own ones, keep
 * the busy timeout: they are brief and rare on the hot paths.
 */
const BUSY_TIMEOUT_MS = 5000
/**
 * The longest pause between two tries for the write lock: a batch of
 * signatures holds it for a millisecond or two, and a longer pause left it
 * free while the next batch still slept.
 */
const LOCK_RETRY_MAX_PAUSE_MS = 2

/** Sets the connection's busy timeout (a pragma acts when prepared, so it is prepared each time). */
function setBusyTimeout(connection: any, milliseconds: number) {
  connection.pragma(`busy_timeout = ${milliseconds}`)
}

/** Takes the write lock for a transaction, waiting without putting the process to sleep. */
async function beginWhenUnlocked(connection: any) {
  const startedAt = Date.now()
  setBusyTimeout(connection, 0)
  try {
    for (let pause = 1; ; pause = Math.min(pause * 2, LOCK_RETRY_MAX_PAUSE_MS)) {
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
    setBusyTimeout(connection, BUSY_TIMEOUT_MS)
  }
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE). A
 * deferred transaction that read first and then writes fails at once with
 * "database is locked" when another process wrote in between, while an
 * immediate one waits its turn. Every transaction of this app writes.
 */
const SqliteTransaction = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js')
SqliteTransaction.prototype.begin = function (this: any, connection: any) {
  return beginWhenUnlocked(connection)
}

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

/**
 * PostgreSQL parses and plans each unnamed statement anew: on a confirmation
 * surge, planning took 45 % of the server's time, running the statements
 * 13 %. A text the app sends often is a named statement instead, parsed and
 * planned once per connection (the server keeps its plan, and plans it again
 * when a table's schema or statistics change). A text takes a name after
 * HOT_AFTER runs in this process, so one-off queries never do; a connection
 * holds at most NAMED_PER_CONNECTION and the process names at most
 * NAMED_TEXTS (the rest run unnamed).
 */
const HOT_AFTER = 3
const NAMED_PER_CONNECTION = 300
const NAMED_TEXTS = 5000
/** How many distinct texts the process counts before it starts counting afresh. */
const COUNTED_TEXTS = 5000
const PgClient = require('knex/lib/dialects/postgres/index.js')
const runUnnamed = PgClient.prototype._query
const runsOfText = new Map<string, number>()
const nameOfText = new Map<string, string>()
const namedOnConnection = new WeakMap<object, number>()

/**
 * The texts that may take a name: the app's reads and writes whose result
 * columns are named. A plan kept for `*` fails once another node's migration
 * adds a column ("cached plan must not change result type").
 */
function nameable(text: string) {
  return KEPT_STATEMENTS.test(text) && !text.includes('*')
}

/** The statement's name when its text is hot and its connection has room for it. */
function statementName(connection: any, text: string) {
  let name = nameOfText.get(text)
  const wire = connection.connection
  if (name && (wire?.parsedStatements[name] ?? wire?.submittedNamedStatements[name])) return name
  const runs = (runsOfText.get(text) ?? 0) + 1
  if (runs < HOT_AFTER) {
    if (runsOfText.size >= COUNTED_TEXTS) runsOfText.clear()
    runsOfText.set(text, runs)
    return undefined
  }
  const named = namedOnConnection.get(connection) ?? 0
  if (named >= NAMED_PER_CONNECTION) return undefined
  if (!name) {
    if (nameOfText.size >= NAMED_TEXTS) return undefined
    nameOfText.set(text, (name = `s${nameOfText.size + 1}`))
  }
  namedOnConnection.set(connection, named + 1)
  return name
}

PgClient.prototype._query = function (this: any, connection: any, query: any) {
  if (connection && query.sql && !query.options?.name && nameable(query.sql)) {
    const name = statementName(connection, query.sql)
    if (name) query.options = { ...query.options, name }
  }
  return runUnnamed.call(this, connection, query)
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
        // while a write is in progress.
        afterCreate: (connection: any, done: (error: Error | null, connection: any) => void) => {
          connection.pragma('journal_mode = WAL')
          connection.pragma('synchronous = NORMAL')
          connection.pragma('foreign_keys = ON')
          // A petition with a million signatures makes a database of hundreds of
          // megabytes: its pages are read through a memory map and the hot ones
          // stay in a larger cache, instead of a read() and a copy for each page
          // that falls out of SQLite's default 2 MB (a confirmation's UPDATE on
          // such a database: 115 µs a row before, 74 µs after).
          connection.pragma(`mmap_size = ${SQLITE_MAPPED_BYTES}`)
          connection.pragma(`cache_size = -${SQLITE_CACHE_KIB}`)
          setBusyTimeout(connection, BUSY_TIMEOUT_MS)
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
