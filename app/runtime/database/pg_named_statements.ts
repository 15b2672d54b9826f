import { createRequire } from 'node:module'
import { KEPT_STATEMENTS } from '#runtime/database/sqlite_driver'

/*
 * An override of knex's private PostgreSQL client, installed when this
 * module is loaded (config/database.ts imports it before Lucid opens a
 * connection); an upgrade of knex must be checked against it.
 */

const require = createRequire(import.meta.url)

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
