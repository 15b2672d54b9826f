/*
|--------------------------------------------------------------------------
| npm start
|--------------------------------------------------------------------------
|
| Everything a fresh clone needs, then the server:
|   1. .env from .env.example, with a generated APP_KEY, when there is none;
|   2. the production bundle (build/), rebuilt when missing or stale;
|   3. migrations on the database (the embedded SQLite file by default);
|   4. demo data when the database is empty (unless SEED_DEMO=false);
|   5. the HTTP server on http://HOST:PORT (default localhost:3333).
|
| Plain JavaScript, run by the Node 24 that npm scripts use.
|
*/
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { prepareEnv } from './prepare_env.js'
import { copyFileSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('../', import.meta.url)))
const buildDir = join(root, 'build')
const node = process.execPath

function log(message) {
  console.log(`\x1b[36m[start]\x1b[0m ${message}`)
}

function run(args, options = {}) {
  const result = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: process.env, ...options })
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

// 1. .env with a generated APP_KEY.
const envFile = join(root, '.env')
const prepared = prepareEnv(root)
if (prepared) log(prepared)
const env = parseEnv(readFileSync(envFile, 'utf8'))

// The built app lives in build/ and is wiped by each build: keep the
// database file and the uploads where the project's root says, not in build/.
const sqliteFile = process.env.SQLITE_FILE || env.SQLITE_FILE || 'tmp/db.sqlite3'
process.env.SQLITE_FILE = isAbsolute(sqliteFile) ? sqliteFile : join(root, sqliteFile)
const storagePath = process.env.STORAGE_PATH || env.STORAGE_PATH || 'storage'
process.env.STORAGE_PATH = isAbsolute(storagePath) ? storagePath : join(root, storagePath)

// 2. The production bundle, rebuilt when any source changed.
const SOURCES = ['app', 'bin', 'config', 'database', 'inertia', 'providers', 'public', 'resources', 'start', 'commands',
  'adonisrc.ts', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json']

function* files(path) {
  if (!existsSync(path)) return
  if (statSync(path).isFile()) return yield path
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry === 'assets') continue
    yield* files(join(path, entry))
  }
}

function sourceHash() {
  const hash = createHash('sha256')
  for (const source of SOURCES) {
    for (const file of files(join(root, source))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
    }
  }
  return hash.digest('hex')
}

const hashFile = join(buildDir, '.source-hash')
const currentHash = sourceHash()
const builtHash = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : null
if (!existsSync(join(buildDir, 'bin', 'server.js')) || builtHash !== currentHash) {
  log(builtHash ? 'sources changed: rebuilding the production bundle…' : 'building the production bundle (first start takes a minute)…')
  // Route, page and policy types first: the TypeScript build checks against them.
  run(['ace.js', 'codegen'])
  run(['ace.js', 'build'])
  writeFileSync(hashFile, currentHash)
} else {
  log('production bundle is up to date')
}
copyFileSync(envFile, join(buildDir, '.env'))
// `npm run bench` only needs a fresh bundle; it prepares its own database.
if (process.argv.includes('--build-only')) process.exit(0)

// 3 and 4. Migrations, then demo data into an empty database.
log('running migrations…')
run(['ace.js', 'migration:run', '--force'], { cwd: buildDir })
run(['ace.js', 'demo:seed'], { cwd: buildDir })

// 5. The server; signals are passed on so Ctrl+C stops it cleanly.
const port = process.env.PORT || env.PORT || '3333'
const host = process.env.HOST || env.HOST || 'localhost'
log(`starting ${env.APP_NAME || 'Undersign'} on http://${host}:${port}`)
const server = spawn(node, ['bin/server.js'], { cwd: buildDir, stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
