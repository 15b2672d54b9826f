/*
| Shared by the benchmarks: the production build, a SQLite database of the
| benchmark's own, the app server, and a browser-like client (cookies,
| XSRF token, Inertia headers).
*/
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(fileURLToPath(new URL('../', import.meta.url)))
export const buildDir = join(root, 'build')
export const node = process.execPath
export const APP_PORT = 3500
export const base = `http://127.0.0.1:${APP_PORT}`

const children = []
process.on('exit', () => children.forEach((child) => child.kill()))

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
/** PostgreSQL + Redis (production's setting) with BENCH_DB=pg; SQLite alone otherwise. */
export const onPostgres = process.env.BENCH_DB === 'pg'
const REDIS_PORT = 6390

/**
 * A fresh bundle and empty database for a benchmark, and the app's settings:
 * mails go over SMTP to `smtpPort`, sent by the queue workers inside the web
 * workers as `npm start` runs them.
 */
export async function prepare(dir, smtpPort) {
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
    SMTP_PORT: String(smtpPort),
    RATE_LIMIT_FACTOR: '1000000',
    LIMITER_STORE: 'memory',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // The webhook runs' receiver listens on 127.0.0.1 (allowed with an APP_URL of localhost only).
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // As `npm start` runs it: a worker process per core.
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? String(availableParallelism()),
    ...(onPostgres ? await postgresAndRedis() : {}),
  }
  run(['ace.js', 'migration:run', '--force'], { cwd: buildDir, env: appEnv })
  return appEnv
}

/**
 * An empty `undersign_bench` (or BENCH_PG_DB) database on the local PostgreSQL (PG_HOST, PG_PORT,
 * PG_USER, PG_PASSWORD; started with pg_ctlcluster when it is down) and a
 * redis-server of the bench's own for sessions, rate limits and the queue.
 */
async function postgresAndRedis() {
  const settings = {
    DB_CONNECTION: 'pg',
    PG_HOST: process.env.PG_HOST ?? '127.0.0.1',
    PG_PORT: process.env.PG_PORT ?? '5432',
    PG_USER: process.env.PG_USER ?? 'postgres',
    PG_PASSWORD: process.env.PG_PASSWORD ?? 'postgres',
    // BENCH_PG_DB: a database of its own, when several benchmarks share the server.
    PG_DB_NAME: process.env.BENCH_PG_DB ?? 'undersign_bench',
    REDIS_HOST: '127.0.0.1',
    REDIS_PORT: String(REDIS_PORT),
    LIMITER_STORE: 'redis',
  }
  const admin = () => pgClient({ ...settings, PG_DB_NAME: 'postgres' })
  let client = await admin()
  try {
    await client.connect()
  } catch {
    log('starting PostgreSQL…')
    spawnSync('sh', ['-c', 'pg_ctlcluster $(ls /etc/postgresql | tail -1) main start'], {
      stdio: 'inherit',
    })
    client = await admin()
    await client.connect()
  }
  await client.query(`DROP DATABASE IF EXISTS ${settings.PG_DB_NAME} WITH (FORCE)`)
  await client.query(`CREATE DATABASE ${settings.PG_DB_NAME}`)
  await client.end()

  log(`starting redis-server on port ${REDIS_PORT}…`)
  const redis = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    }
  )
  children.push(redis)
  await new Promise((resolve) => setTimeout(resolve, 500))
  if (redis.exitCode !== null)
    throw new Error('redis-server did not start (apt-get install redis-server)')
  return settings
}

/** A PostgreSQL client (not yet connected) for the PG_* settings given. */
async function pgClient(settings) {
  const { default: pg } = await import('pg')
  return new pg.Client({
    host: settings.PG_HOST,
    port: Number(settings.PG_PORT),
    user: settings.PG_USER,
    password: settings.PG_PASSWORD,
    database: settings.PG_DB_NAME,
  })
}

/** The ids of the processes `pid` started (the workers of the app's supervisor); Linux. */
export function childProcessesOf(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
  return children.trim().split(/\s+/).filter(Boolean).map(Number)
}

/** Among `pids`, the supervisor's mail worker (bin/supervisor.ts), read from its environment; Linux. */
export function mailWorkersAmong(pids) {
  return pids.filter((pid) => hasRole(pid, 'UNDERSIGN_MAIL_WORKER'))
}

/** The supervisor's webhook worker among these processes (its environment says so). */
export function webhookWorkersAmong(pids) {
  return pids.filter((pid) => hasRole(pid, 'UNDERSIGN_WEBHOOK_WORKER'))
}

function hasRole(pid, role) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${role}=1`)
  } catch {
    return false
  }
}

/** How many of these e-mail addresses have a signature row, read straight from the database. */
export async function signaturesStored(appEnv, emails) {
  let stored = 0
  const batches = []
  for (let index = 0; index < emails.length; index += 500)
    batches.push(emails.slice(index, index + 500))
  if (appEnv.DB_CONNECTION === 'pg') {
    const client = await pgClient(appEnv)
    await client.connect()
    for (const batch of batches) {
      const { rows } = await client.query(
        'SELECT count(*) AS n FROM signatures WHERE email = ANY($1)',
        [batch]
      )
      stored += Number(rows[0].n)
    }
    await client.end()
    return stored
  }
  const { default: Database } = await import('libsql')
  const database = new Database(appEnv.SQLITE_FILE, { readonly: true })
  for (const batch of batches) {
    const marks = batch.map(() => '?').join(',')
    stored += database
      .prepare(`SELECT count(*) AS n FROM signatures WHERE email IN (${marks})`)
      .get(...batch).n
  }
  database.close()
  return stored
}

/** A petition's count (supporters and opponents), read straight from the database. */
export async function petitionCount(appEnv, guid) {
  const sql = 'SELECT support_count + oppose_count AS n FROM petitions WHERE guid = '
  if (appEnv.DB_CONNECTION === 'pg') {
    const client = await pgClient(appEnv)
    await client.connect()
    const { rows } = await client.query(`${sql}$1`, [guid])
    await client.end()
    return Number(rows[0].n)
  }
  const { default: Database } = await import('libsql')
  const database = new Database(appEnv.SQLITE_FILE, { readonly: true })
  const { n } = database.prepare(`${sql}?`).get(guid)
  database.close()
  return Number(n)
}

/**
 * A mail server that takes every mail and counts it, with the time the last
 * one arrived: how far mail delivery trails signing.
 */
export async function startSmtpSink() {
  const { SMTPServer } = await import('smtp-server')
  const sink = { port: 0, received: 0, lastAt: 0, close: () => server.close() }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('data', () => {})
      stream.on('end', () => {
        sink.received++
        sink.lastAt = Date.now()
        done()
      })
    },
  })
  // A worker killed mid-mail drops its SMTP connection: that is expected here.
  server.on('error', () => {})
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  sink.port = server.server.address().port
  return sink
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

/**
 * A browser's first visit and its first form: the Inertia page object, and
 * the session and XSRF cookies. A guest page comes without cookies (a shared
 * cache may keep it), so they come from GET /csrf-token, as the app's client
 * asks for them when a form is first used. `origin`: the app, or nginx in front.
 */
export async function firstVisit(path, origin = base) {
  const response = await fetch(`${origin}${path}`)
  let cookies = cookiesOf(response)
  if (!cookies.some((cookie) => cookie.startsWith('XSRF-TOKEN='))) {
    cookies = cookiesOf(await fetch(`${origin}/csrf-token`))
  }
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))
  const html = await response.text()
  const json = html.match(
    /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/
  )[1]
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

/** Live streams opened so far in this run: each gets an address of its own. */
let liveStreamsOpened = 0

/**
 * `count` live-count streams (Transmit's server-sent events) joined to a
 * petition's channel, as that many open petition pages hold them, each from
 * a visitor's own address (X-Forwarded-For, believed from loopback): one
 * address may hold only LIVE_STREAMS_PER_ADDRESS (20). Each counts the
 * messages it receives; `close()` ends them all.
 */
export async function openLiveStreams(count, guid) {
  const visitorAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  const http = await import('node:http')
  const { randomUUID } = await import('node:crypto')
  const streams = []
  for (let index = 0; index < count; index++) {
    const stream = { messages: 0, open: false, request: null }
    const query = new URLSearchParams({ uid: randomUUID(), channel: `petitions/${guid}` })
    await new Promise((resolve, reject) => {
      stream.request = http.get(
        `${base}/__transmit/events?${query}`,
        {
          agent: false,
          headers: {
            'accept': 'text/event-stream',
            'accept-encoding': 'gzip, br',
            'x-forwarded-for': visitorAddress(liveStreamsOpened++),
          },
        },
        (response) => {
          stream.open = response.statusCode === 200
          response.setEncoding('utf8')
          response.on('data', (chunk) => {
            stream.messages += chunk
              .split('\n\n')
              .filter((event) => event.includes('"petitions/')).length
          })
          response.on('close', () => (stream.open = false))
          response.on('error', () => {})
          resolve()
        }
      )
      stream.request.on('error', (error) => (stream.open ? undefined : reject(error)))
    })
    streams.push(stream)
  }
  return {
    streams,
    stats() {
      const counts = streams.map((stream) => stream.messages).sort((a, b) => a - b)
      return {
        open: streams.filter((stream) => stream.open).length,
        total: counts.reduce((sum, n) => sum + n, 0),
        min: counts[0] ?? 0,
        max: counts.at(-1) ?? 0,
      }
    },
    reset() {
      for (const stream of streams) stream.messages = 0
    },
    close() {
      for (const stream of streams) stream.request.destroy()
    },
  }
}

/** CPU seconds (user + system) these processes have used so far, read from /proc. */
export function cpuSeconds(pids) {
  let ticks = 0
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {}
  }
  return ticks / 100
}
