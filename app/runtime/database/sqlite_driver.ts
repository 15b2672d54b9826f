import { createRequire } from 'node:module'

/*
 * Overrides of knex's private internals for the SQLite driver, installed
 * when this module is loaded (config/database.ts imports it before Lucid
 * opens a connection). Each names the knex file it changes: an upgrade of
 * knex must be checked against them (they are listed in docs/architecture.md
 * beside patches/).
 */

const require = createRequire(import.meta.url)

/**
 * SQLite runs on `libsql`, a prebuilt N-API build of SQLite with the
 * better-sqlite3 API: Lucid and knex drive it as their `better-sqlite3`
 * client, and nothing is compiled by node-gyp (the real better-sqlite3 is an
 * addon built for one Node version). Knex's client requires its driver by
 * name, so it is told where the driver is.
 */
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
export const KEPT_STATEMENTS =
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

/** Sets up a new connection: the write-ahead log, the memory map and cache, the busy timeout. */
export function prepareSqliteConnection(connection: any) {
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
}
