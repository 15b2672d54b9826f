/*
|--------------------------------------------------------------------------
| npm start
|--------------------------------------------------------------------------
|
| Everything a fresh clone needs, then the server:
|   1. .env from .env.example, with a generated APP_KEY, when there is none
|      (with ENV_PATH set, the .env of that folder is used as it is);
|   2. the production bundle (build/), rebuilt when missing or stale;
|   3. migrations on the database (the embedded SQLite file by default);
|   4. demo data when the database is empty (never in production);
|   5. the HTTP server on http://HOST:PORT (default localhost:3333), one
|      worker process per core (WEB_CONCURRENCY).
|
| Plain JavaScript, run by the Node 24 that npm scripts use.
|
*/
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { prepareEnv } from './prepare_env.js'
import { buildDir, buildWhenStale, root } from './build.js'
import { withMigrationLock } from './migration_lock.js'

const node = process.execPath
/** The exit code of a start refused for its settings (start/safe_settings.ts): it said why. */
const REFUSED_SETTINGS = 78

function log(message) {
  console.log(`\x1b[36m[start]\x1b[0m ${message}`)
}

function run(args, options = {}) {
  const result = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: process.env, ...options })
  if (result.status === REFUSED_SETTINGS) process.exit(REFUSED_SETTINGS)
  if (result.status !== 0) {
    console.error(`\n[start] "node ${args.join(' ')}" failed (exit ${result.status}).`)
    process.exit(result.status ?? 1)
  }
}

/** KEY=value lines of a .env file (no expansion needed here). */
function parseEnv(text) {
  const values = {}
  for (const line of text.split(/\r?\n/)) {
    const match = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/)
    if (match) values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2')
  }
  return values
}

/** A path from the settings, made absolute against the project's root. */
function absolute(path) {
  return isAbsolute(path) ? path : join(root, path)
}

// 1. The settings: the project's .env (created on a fresh clone), or ENV_PATH's.
let envFile = join(root, '.env')
if (process.env.ENV_PATH) {
  process.env.ENV_PATH = absolute(process.env.ENV_PATH)
  envFile = join(process.env.ENV_PATH, '.env')
} else {
  const prepared = prepareEnv(root)
  if (prepared) log(prepared)
}
const env = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {}
const setting = (name, fallback = '') => process.env[name] || env[name] || fallback

// The built app lives in build/ and is wiped by each build: keep the
// database file, the uploads and the outbox where the project's root says.
process.env.SQLITE_FILE = absolute(setting('SQLITE_FILE', 'tmp/db.sqlite3'))
process.env.STORAGE_PATH = absolute(setting('STORAGE_PATH', 'storage'))
process.env.OUTBOX_PATH = absolute(setting('OUTBOX_PATH', 'tmp/outbox'))

// 2. The production bundle, rebuilt when any source changed.
try {
  buildWhenStale(log)
} catch (error) {
  console.error(`\n[start] ${error.message}.`)
  process.exit(1)
}
if (!process.env.ENV_PATH) copyFileSync(envFile, join(buildDir, '.env'))
// `npm run bench` only needs a fresh bundle; it prepares its own database.
if (process.argv.includes('--build-only')) process.exit(0)

const port = setting('PORT', '3333')
const host = setting('HOST', 'localhost')
if (setting('NODE_ENV', 'development') !== 'production') {
  const outbox = relative(root, process.env.OUTBOX_PATH) || process.env.OUTBOX_PATH
  const mail =
    setting('MAIL_MAILER') === 'smtp' || (!setting('MAIL_MAILER') && setting('SMTP_HOST'))
      ? `mails go to ${setting('SMTP_HOST')}`
      : `mails are not sent: they land in ${outbox}/, readable at http://${host}:${port}/dev/mail`
  log(`development mode (NODE_ENV=production for a real site): ${mail}`)
}

// 3 and 4. Migrations (one node at a time: bin/migration_lock.js), then
// demo data into an empty database.
log('running migrations…')
await withMigrationLock(
  setting,
  () => run(['ace.js', 'migration:run', '--force', '--disable-locks'], { cwd: buildDir }),
  log
)
run(['ace.js', 'demo:seed'], { cwd: buildDir })

// 5. The server, one worker process per core unless WEB_CONCURRENCY says otherwise;
// signals are passed on so Ctrl+C stops it cleanly.
process.env.WEB_CONCURRENCY = setting('WEB_CONCURRENCY', String(availableParallelism()))
log(
  `starting ${setting('APP_NAME', 'Undersign')} on http://${host}:${port} ` +
    `(${process.env.WEB_CONCURRENCY} worker processes)`
)
const server = spawn(node, ['bin/server.js'], { cwd: buildDir, stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
