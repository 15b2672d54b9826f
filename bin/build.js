/*
|--------------------------------------------------------------------------
| The production bundle
|--------------------------------------------------------------------------
|
| `npm run build` builds build/ (route, page and policy types first, which
| the TypeScript build checks against). `npm start`, the benchmarks and the
| built-app tests call `buildWhenStale()`: they build only when a source
| changed since the last build, so one test run builds once.
|
| Plain JavaScript, run by the Node 24 that npm scripts use.
|
*/
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { prepareEnv } from './prepare_env.js'

export const root = resolve(fileURLToPath(new URL('../', import.meta.url)))
export const buildDir = join(root, 'build')

/** Everything the bundle is made from. */
const SOURCES = ['app', 'bin', 'config', 'database', 'inertia', 'providers', 'public', 'resources', 'start', 'commands', 'vite',
  'adonisrc.ts', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json']

const hashFile = join(buildDir, '.source-hash')

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

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    throw new Error(`"node ${args.join(' ')}" failed (exit ${result.status})`)
  }
}

/**
 * Brotli and gzip copies of the bundle's scripts and styles, made once here so
 * that the server sends them as they are instead of compressing every answer.
 */
function precompressAssets(folder) {
  for (const file of files(folder)) {
    if (!/\.(js|css|svg|json)$/.test(file)) continue
    const content = readFileSync(file)
    writeFileSync(`${file}.br`, brotliCompressSync(content, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }))
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  }
}

/** Builds build/ and records which sources it was made from. */
export function build() {
  const hash = sourceHash()
  // The route registry is read from the booted app, which needs its settings.
  if (!process.env.ENV_PATH) prepareEnv(root)
  run(['ace.js', 'codegen'])
  run(['ace.js', 'build'])
  precompressAssets(join(buildDir, 'public', 'assets'))
  writeFileSync(hashFile, hash)
}

/** Builds unless build/ was made from the current sources; says which it did. */
export function buildWhenStale(log = console.log) {
  const builtHash = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : null
  if (existsSync(join(buildDir, 'bin', 'server.js')) && builtHash === sourceHash()) {
    log('production bundle is up to date')
    return false
  }
  log(builtHash ? 'sources changed: rebuilding the production bundle…' : 'building the production bundle (first build takes a minute)…')
  build()
  return true
}

// `node bin/build.js` builds; with --when-stale, only when a source changed.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--when-stale')) buildWhenStale((message) => console.log(`[build] ${message}`))
    else build()
  } catch (error) {
    console.error(`[build] ${error.message}`)
    process.exit(1)
  }
}
