import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { freePort } from '#tests/helpers/ports'
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import { Disk } from '@adonisjs/drive'
import { FSDriver } from 'flydrive/drivers/fs'
import env from '#start/env'
import { startMailbox, type Mailbox } from '#tests/shipped/support/mailbox'
import { Visitor, type Reply } from '#tests/shipped/support/visitor'
import { givenS3Server } from '#tests/helpers/s3_server'

/**
 * The built app, started as `npm start` starts it (bin/start.js: migrations,
 * demo data, the server of build/), in production mode with its own
 * database (SQLite, or PostgreSQL when the suite runs on it), its own
 * uploads folder, and an SMTP server that catches its mails. Every process
 * of the build records the files it reads from the sources instead of the
 * bundle (record_source_reads.mjs).
 */
export const DOMAIN = 'undersign.test'
export const CONTACT_EMAIL = 'team@undersign.test'
/** The token Prometheus would send to the built app's /metrics. */
export const METRICS_TOKEN = 'shipped-metrics-token-0123456789'

const folder = app.makePath('tmp', 'shipped')
export const recorder = app.makePath('tests', 'shipped', 'support', 'record_source_reads.mjs')

type Shipped = {
  port: number
  mailbox: Mailbox
  folder: string
  storage: string
  /** The disk the built app keeps uploads on: its local folder, or its bucket. */
  uploads: Disk
  readsLog: string
  serverLog: string
}

let shipped: Shipped | null = null
/** The running `npm start` (bin/start.js), parent of the server process. */
let starter: ChildProcess | null = null

export function shippedApp(): Shipped {
  if (!shipped) throw new Error('the shipped app is not running (suite setup)')
  return shipped
}

/** A new visitor of the running build, on the site of `locale`. */
export function visitor(locale = 'en') {
  return new Visitor({ port: shippedApp().port, domain: DOMAIN }, locale)
}

/** The built app's own database, read and written by the tests. */
export function shippedDb() {
  return db.connection('shipped')
}

/** Files of the sources the built app read at run time (should be none). */
export function sourceReads(): string[] {
  const log = shippedApp().readsLog
  if (!existsSync(log)) return []
  return [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))]
}

/** What the server printed since its last start (a crash test restarts it). */
export function serverOutputSinceStart() {
  const log = readFileSync(shippedApp().serverLog, 'utf8')
  return log.slice(log.lastIndexOf('running migrations'))
}

function addConnection(name: string, config: Record<string, unknown>) {
  if (db.manager.has(name)) db.manager.patch(name, config as any)
  else db.manager.add(name, config as any)
}

/** The database settings of the built app, and a connection of the tests to it. */
async function prepareDatabase(): Promise<Record<string, string>> {
  if (env.get('DB_CONNECTION', 'sqlite') !== 'pg') {
    const filename = join(folder, 'db.sqlite3')
    addConnection('shipped', {
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      pool: {
        afterCreate: (connection: any, done: (error: Error | null, connection: any) => void) => {
          connection.pragma('busy_timeout = 5000')
          done(null, connection)
        },
      },
    })
    return { DB_CONNECTION: 'sqlite', SQLITE_FILE: filename }
  }
  return freshPostgresDatabase('shipped')
}

/**
 * A new, empty PostgreSQL database beside the suite's (`<PG_DB_NAME>_<suffix>`),
 * the tests' connection to it (named `suffix`), and a built app's settings for it.
 */
export async function freshPostgresDatabase(suffix: string): Promise<Record<string, string>> {
  const database = `${env.get('PG_DB_NAME', 'undersign')}_${suffix}`
  const admin = db.connection('pg')
  await admin.rawQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  await admin.rawQuery(`CREATE DATABASE ${database}`)
  const connection = {
    host: env.get('PG_HOST', '127.0.0.1'),
    port: env.get('PG_PORT', 5432),
    user: env.get('PG_USER', 'postgres'),
    password: env.get('PG_PASSWORD', ''),
    database,
  }
  addConnection(suffix, { client: 'pg', connection })
  return {
    DB_CONNECTION: 'pg',
    PG_HOST: connection.host,
    PG_PORT: String(connection.port),
    PG_USER: connection.user,
    PG_PASSWORD: connection.password,
    PG_DB_NAME: database,
  }
}

/** Whether the built app runs with Redis (the suite was given REDIS_HOST). */
export function onRedis() {
  return Boolean(env.get('REDIS_HOST'))
}

/**
 * With REDIS_HOST, the built app keeps its members' sessions, its rate
 * limits and its queue in Redis, as in production; the suite starts it on an
 * empty Redis database.
 */
async function prepareRedis(): Promise<Record<string, string>> {
  if (!onRedis()) return {}
  await redis.flushdb()
  return { REDIS_HOST: env.get('REDIS_HOST')!, REDIS_PORT: String(env.get('REDIS_PORT', 6379)) }
}

/** Whether the built app keeps uploads in a bucket (the suite runs with DRIVE_DISK=s3). */
export function onBucket() {
  return env.get('DRIVE_DISK') === 's3'
}

/** The bucket of the built app, on the run's S3 server (tests/helpers/s3_server.ts). */
export const SHIPPED_BUCKET = 'undersign-shipped'

/**
 * The built app's uploads: its own folder, or with DRIVE_DISK=s3 its own
 * empty bucket on the run's S3 server, as production keeps them.
 */
async function prepareUploads(storage: string) {
  const local = new Disk(new FSDriver({ location: storage, visibility: 'public' }))
  if (!onBucket()) return { settings: {}, uploads: local }
  const server = givenS3Server()
  if (!server) throw new Error('DRIVE_DISK=s3 without an S3 server (bin/test.ts starts one)')
  await server.freshBucket(SHIPPED_BUCKET)
  return {
    settings: { DRIVE_DISK: 's3', ...server.variables(SHIPPED_BUCKET) },
    uploads: server.disk(SHIPPED_BUCKET),
  }
}

/**
 * A picture as a browser gets it from the built app: its answer on the local
 * disk; on the bucket's, its cacheable redirect followed to the object,
 * read without any credentials.
 */
export async function pictureAt(url: string) {
  const reply: Reply = await visitor().send('GET', url)
  if (!onBucket() || reply.status !== 302 || !reply.location) {
    return { status: reply.status, body: reply.body, reply, object: null }
  }
  const object = await fetch(reply.location)
  return { status: object.status, body: Buffer.from(await object.arrayBuffer()), reply, object }
}

/** Whether the built app stores this session on the server (database or Redis). */
export async function sessionStored(id: string | null) {
  if (!id) return false
  if (onRedis()) return (await redis.exists(id)) === 1
  return Boolean(await shippedDb().from('sessions').where('id', id).first())
}

/** The .env of a production deployment behind a TLS proxy, in a folder of its own. */
export function productionSettings(overrides: Record<string, string> = {}) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_KEY: randomBytes(32).toString('base64url'),
    APP_NAME: 'Undersign',
    APP_DOMAIN: DOMAIN,
    APP_URL: `https://${DOMAIN}`,
    MAIL_MAILER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    MAIL_FROM_ADDRESS: `no-reply@${DOMAIN}`,
    CONTACT_EMAIL,
    LOG_LEVEL: 'warn',
    // Limits stay on, wide enough for a suite that acts from one address.
    RATE_LIMIT_FACTOR: '1000',
    // A provider nobody answers for: its routes exist, and a check stops at its discovery.
    IDENTITY_PROVIDERS: JSON.stringify([
      {
        key: 'gov-id',
        name: 'National eID',
        issuer: 'https://127.0.0.1:9/realms/citizens',
        clientId: 'undersign',
        clientSecret: 'not-a-secret',
        scopes: ['address'],
        claims: { country: 'address.country' },
      },
    ]),
    ...overrides,
  }
}

export function writeEnvFile(directory: string, settings: Record<string, string>) {
  mkdirSync(directory, { recursive: true })
  const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`)
  writeFileSync(join(directory, '.env'), `${lines.join('\n')}\n`)
}

/** Only what a shell gives a program: the suite's own settings never leak into the app. */
export function bareEnvironment(extra: Record<string, string> = {}) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    LANG: 'C.UTF-8',
    ...extra,
  }
}

/**
 * `npm start` (bin/start.js) as on a newcomer's machine: development mode,
 * the embedded database, uploads and outbox in `directory` with the .env
 * written there (`settings` on top). Resolves once it serves its login page;
 * refuses with its output if it stops or takes longer than two minutes.
 */
export async function startAsNewcomer(directory: string, settings: Record<string, string> = {}) {
  rmSync(directory, { recursive: true, force: true })
  const port = await freePort()
  writeEnvFile(directory, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_KEY: 'a-development-key-of-thirty-two-characters',
    SQLITE_FILE: join(directory, 'db.sqlite3'),
    STORAGE_PATH: join(directory, 'storage'),
    OUTBOX_PATH: join(directory, 'outbox'),
    LOG_LEVEL: 'warn',
    ...settings,
  })
  const child = spawn(process.execPath, ['bin/start.js'], {
    cwd: app.makePath(),
    env: bareEnvironment({ ENV_PATH: directory }),
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const running = () => child.exitCode === null && child.signalCode === null
  const stop = async () => {
    if (!running()) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  const deadline = Date.now() + 120_000
  while (running() && Date.now() < deadline) {
    const serving = await fetch(`http://127.0.0.1:${port}/login`).then(
      (response) => response.ok,
      () => false
    )
    if (serving) return { port, output: () => output, stop }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error(`npm start did not serve:\n${output}`)
}

/**
 * The environment of a process of the build beside the running app: its
 * settings, and the recorder of files it reads from the sources.
 */
export function appProcessEnvironment() {
  return bareEnvironment({
    ENV_PATH: join(folder, 'env'),
    NODE_OPTIONS: `--import=${pathToFileURL(recorder).href}`,
    SOURCE_READS_LOG: shippedApp().readsLog,
  })
}

/** Builds the bundle unless it is up to date (once per run), as `npm run build` does. */
export function buildOnce() {
  const result = spawnSync(process.execPath, ['bin/build.js', '--when-stale'], {
    cwd: app.makePath(),
    stdio: 'inherit',
    env: process.env,
  })
  if (result.status !== 0) throw new Error('the production build failed')
}

export async function waitUntilServing(port: number, child: ChildProcess, serverLog: string) {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`npm start exited (${child.exitCode}):\n${readFileSync(serverLog, 'utf8')}`)
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { host: DOMAIN } })
      if (response.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the built app did not answer:\n${readFileSync(serverLog, 'utf8')}`)
}

/** `npm start` on the prepared settings, until the site answers. */
async function launch() {
  const { port, serverLog } = shippedApp()
  const output = openSync(serverLog, 'a')
  starter = spawn(process.execPath, ['bin/start.js'], {
    cwd: app.makePath(),
    env: appProcessEnvironment(),
    stdio: ['ignore', output, output],
  })
  await waitUntilServing(port, starter, serverLog)
}

/** Resolves when `child` has exited; SIGKILL after `graceMs`. */
export function exitOf(child: ChildProcess, graceMs: number) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(null)
    child.once('exit', resolve)
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref()
  })
}

/**
 * A crash: the server's processes are killed with SIGKILL (no shutdown hook
 * runs), then `npm start` starts the site again on the same database.
 * `beforeRestart` runs while the site is down. By default the whole server
 * dies at once, as in a power cut or at the OOM killer's hand (a worker left
 * to notice its supervisor's death could flush its counters meanwhile); with
 * `supervisorOnly` only the supervisor is killed and its workers must exit
 * by themselves.
 */
export async function crashAndRestart(
  beforeRestart: () => Promise<void> = async () => {},
  { supervisorOnly = false } = {}
) {
  const parent = starter!
  const { supervisor, workers: webWorkers, mailWorker, webhookWorker } = serverProcesses()
  const workers = [...webWorkers, ...[mailWorker, webhookWorker].filter((pid) => pid !== null)]
  for (const pid of supervisorOnly ? [supervisor] : [supervisor, ...workers]) {
    process.kill(pid, 'SIGKILL')
  }
  await exitOf(parent, 10_000)
  // None may be left holding the database.
  await Promise.all(workers.map((pid) => processGone(pid, 10_000)))
  await beforeRestart()
  await launch()
}

export function childrenOf(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
  return children.trim().split(/\s+/).filter(Boolean).map(Number)
}

/** Whether a process is one of the supervisor's background workers (its environment says so). */
function hasRole(pid: number, role: 'UNDERSIGN_MAIL_WORKER' | 'UNDERSIGN_WEBHOOK_WORKER') {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${role}=1`)
  } catch {
    return false
  }
}

/**
 * The server process of `npm start` (the workers' supervisor), its web
 * workers, its mail worker and its webhook worker (each null while it is
 * being replaced).
 */
export function serverProcesses() {
  const [supervisor] = childrenOf(starter!.pid!)
  if (!supervisor) throw new Error('the server process of npm start was not found')
  const children = childrenOf(supervisor)
  const mailWorker = children.find((pid) => hasRole(pid, 'UNDERSIGN_MAIL_WORKER')) ?? null
  const webhookWorker = children.find((pid) => hasRole(pid, 'UNDERSIGN_WEBHOOK_WORKER')) ?? null
  return {
    supervisor,
    workers: children.filter((pid) => pid !== mailWorker && pid !== webhookWorker),
    mailWorker,
    webhookWorker,
  }
}

/** Resolves once no process has this id; fails after `timeoutMs`. */
export async function processGone(pid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (existsSync(`/proc/${pid}`)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} is still running`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Suite setup: build, start, and the teardown that stops it all. */
export async function startShippedApp() {
  buildOnce()
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const [mailbox, port, database] = [
    await startMailbox(),
    await freePort(),
    await prepareDatabase(),
  ]
  const redisSettings = await prepareRedis()
  const storage = join(folder, 'storage')
  const uploads = await prepareUploads(storage)
  const readsLog = join(folder, 'source-reads.log')
  const serverLog = join(folder, 'server.log')
  writeEnvFile(
    join(folder, 'env'),
    productionSettings({
      PORT: String(port),
      SMTP_PORT: String(mailbox.port),
      STORAGE_PATH: storage,
      OUTBOX_PATH: join(folder, 'outbox'),
      ...database,
      ...redisSettings,
      ...uploads.settings,
      // Two workers whatever the machine: the suite runs the site as a 2-core server does.
      WEB_CONCURRENCY: '2',
      METRICS_TOKEN,
    })
  )
  shipped = { port, mailbox, folder, storage, uploads: uploads.uploads, readsLog, serverLog }
  await launch()

  return async () => {
    const child = starter!
    child.kill('SIGTERM')
    await exitOf(child, 10_000)
    await mailbox.close()
    await db.manager.close('shipped')
    shipped = null
  }
}
