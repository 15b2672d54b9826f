/*
| Shared by the benchmarks: the production build, a SQLite database of the
| benchmark's own, the app server, and a browser-like client (cookies,
| XSRF token, Inertia headers).
*/
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(fileURLToPath(new URL('../', import.meta.url)))
export const buildDir = join(root, 'build')
export const node = process.execPath
export const APP_PORT = 3500
export const base = `http://127.0.0.1:${APP_PORT}`

export const log = (message) => console.log(`\x1b[35m[bench]\x1b[0m ${message}`)

export function run(args, options = {}) {
  const result = spawnSync(node, args, { cwd: root, encoding: 'utf8', ...options })
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr)
    throw new Error(`node ${args.join(' ')} failed`)
  }
  return result.stdout
}

/**
 * A fresh production bundle (when stale) and an empty, migrated SQLite
 * database in `dir`. Returns the app's environment: production mode (which
 * refuses unsafe settings, so: an https APP_URL, SMTP as the mailer, rate
 * limits kept but far beyond what one benchmark address sends, counted in
 * memory), no queue worker in the web process, warnings only. Without a
 * worker the confirmation mails stay queued; SMTP is never reached.
 */
export function prepare(dir) {
  log('building the production bundle when stale…')
  run(['bin/start.js', '--build-only'], { stdio: 'inherit' })
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const appEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILE: join(dir, 'db.sqlite3'),
    STORAGE_PATH: join(dir, 'storage'),
    HOST: '127.0.0.1',
    PORT: String(APP_PORT),
    APP_URL: 'https://localhost',
    MAIL_MAILER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    RATE_LIMIT_FACTOR: '1000000',
    LIMITER_STORE: 'memory',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    QUEUE_INLINE_WORKER: 'false',
    // As `npm start` runs it: a worker process per core.
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? String(availableParallelism()),
  }
  run(['ace.js', 'migration:run', '--force'], { cwd: buildDir, env: appEnv })
  return appEnv
}

/** `bench:seed` with these signature counts: the petitions and their owner's login. */
export function seed(appEnv, counts) {
  const output = run(['ace.js', 'bench:seed', ...counts.map((count) => `--signatures=${count}`)], {
    cwd: buildDir,
    env: appEnv,
  })
  process.stdout.write(output.replace(/BENCH_[A-Z]+=.*\n?/g, ''))
  return {
    petitions: JSON.parse(output.match(/BENCH_PETITIONS=(.*)/)[1]),
    owner: JSON.parse(output.match(/BENCH_OWNER=(.*)/)[1]),
  }
}

const children = []
process.on('exit', () => children.forEach((child) => child.kill()))

/** Starts a process that is killed when the benchmark exits. */
export function startChild(args, options) {
  const child = spawn(node, args, { stdio: 'inherit', ...options })
  children.push(child)
  return child
}

/** The app server of the build, answering once it is up. */
export async function startApp(appEnv) {
  const app = startChild(['bin/server.js'], { cwd: buildDir, env: appEnv })
  await waitFor(`${base}/`)
  return app
}

export function stopAll() {
  children.forEach((child) => child.kill())
}

export async function waitFor(url, attempts = 100) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {}
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`${url} did not answer`)
}

function cookiesOf(response) {
  return response.headers.getSetCookie().map((header) => header.split(';')[0])
}

/** A browser's first visit: the session and XSRF cookies, and the Inertia page object. */
export async function firstVisit(path) {
  const response = await fetch(`${base}${path}`)
  const cookies = cookiesOf(response)
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))
  const html = await response.text()
  const json = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)[1]
  return {
    cookie: cookies.join('; '),
    xsrf: decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
    page: JSON.parse(json),
  }
}

/** Logs in through the form: the member's cookies and XSRF token afterwards. */
export async function logIn(email, password) {
  const visitor = await firstVisit('/login')
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'cookie': visitor.cookie,
      'content-type': 'application/json',
      'x-xsrf-token': visitor.xsrf,
      'x-inertia': 'true',
      'x-inertia-version': visitor.page.version,
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({ email, password }),
  })
  if (response.status !== 302 && response.status !== 303) {
    throw new Error(`login failed: ${response.status}`)
  }
  const jar = new Map(visitor.cookie.split('; ').map((cookie) => [cookie.split('=')[0], cookie]))
  for (const cookie of cookiesOf(response)) jar.set(cookie.split('=')[0], cookie)
  const cookie = [...jar.values()].join('; ')
  const xsrfCookie = jar.get('XSRF-TOKEN')
  return {
    cookie,
    xsrf: decodeURIComponent(xsrfCookie.slice('XSRF-TOKEN='.length)),
    version: visitor.page.version,
  }
}
