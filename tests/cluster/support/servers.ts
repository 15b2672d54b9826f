import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createConnection } from 'node:net'
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { join } from 'node:path'
import { startS3Server, type S3Server } from '#tests/helpers/s3_server'

/** Resolves once something accepts connections on `port`; fails after `timeoutMs`. */
export async function listening(
  port: number,
  child: ChildProcess,
  log: string,
  timeoutMs = 30_000
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `${child.spawnfile} exited (${child.exitCode}):\n${readFileSync(log, 'utf8')}`
      )
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${child.spawnfile} did not listen on ${port}:\n${readFileSync(log, 'utf8')}`)
}

/** A server program of the machine, its output in `log`, answering on `port`. */
export async function startServer(command: string, args: string[], port: number, log: string) {
  const output = openSync(log, 'a')
  const child = spawn(command, args, { stdio: ['ignore', output, output] })
  child.on('error', () => {})
  await listening(port, child, log)
  return child
}

/** Resolves once `child` has exited. */
function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
  })
}

/** A server the fault tests stop and start again on the same port. */
export type Outage = { port: number; stop(): Promise<void>; start(): Promise<void> }

/**
 * A Redis server of the suite's own. It keeps its data in an append-only
 * file, as a production Redis does, so that stopping and starting it again
 * keeps members' sessions and the queue.
 */
export async function startRedis(port: number, folder: string): Promise<Outage> {
  mkdirSync(folder, { recursive: true })
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', folder]
  const launch = () =>
    startServer('redis-server', [...args, '--appendonly', 'yes'], port, join(folder, 'redis.log'))
  let child: ChildProcess | null = await launch()
  return {
    port,
    async stop() {
      if (!child) return
      child.kill('SIGTERM')
      await exited(child)
      child = null
    },
    async start() {
      child ??= await launch()
    },
  }
}

/**
 * The S3 server (moto) of the suite, on a port of its own. moto keeps its
 * objects in memory: started again, it has the bucket made afresh, as the
 * suite made it first (objects written before the outage are gone).
 */
export async function startBucket(bucket: string): Promise<Outage & { server(): S3Server }> {
  let server: S3Server | null = await startS3Server()
  const port = Number(new URL(server.endpoint).port)
  await server.freshBucket(bucket)
  return {
    port,
    server: () => server!,
    async stop() {
      await server?.stop()
      server = null
    },
    async start() {
      if (server) return
      server = await startS3Server(port)
      await server.freshBucket(bucket)
    },
  }
}

/** The programs of the newest PostgreSQL of the machine (Debian's `postgresql` package). */
function postgresPrograms() {
  const root = '/usr/lib/postgresql'
  const newest = readdirSync(root).sort((one, other) => Number(one) - Number(other))
  if (!newest.length) throw new Error(`no PostgreSQL under ${root}`)
  return join(root, newest.at(-1)!, 'bin')
}

/** The ids of the `postgres` user: PostgreSQL refuses to run as root. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {}
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout)
  return { uid: id('-u'), gid: id('-g') }
}

export type Postgres = Outage & {
  /** Stops the server and deletes its files. */
  remove(): Promise<void>
  /** The settings of a node on the suite's database. */
  settings: Record<string, string>
  connection: { host: string; port: number; user: string; password: string; database: string }
}

/**
 * A PostgreSQL cluster of the suite's own (initdb in `folder`, its own
 * port), so that the fault tests can stop and restart it without touching
 * the machine's server, which other suites and programs use. Durability is
 * off (fsync): the data lives as long as the run. Run by root, its programs
 * run as `postgres`, which must reach `folder`: a folder of the system's
 * temporary directory, not the checkout's (it may lie under /root).
 */
export async function startPostgres(port: number, folder: string): Promise<Postgres> {
  const bin = postgresPrograms()
  const user = postgresUser()
  const data = join(folder, 'data')
  const log = join(folder, 'postgres.log')
  const run = (program: string, args: string[]) => {
    const result = spawnSync(join(bin, program), args, { cwd: folder, encoding: 'utf8', ...user })
    if (result.status !== 0) {
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : ''
      throw new Error(`${program} ${args.join(' ')}: ${result.stdout}${result.stderr}${serverLog}`)
    }
  }
  stopLeftOver(bin, data, user)
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  if (user.uid !== undefined) chownSync(folder, user.uid, user.gid!)
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '-N'])
  appendFileSync(
    join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = ''`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      '',
    ].join('\n')
  )
  const up = () => existsSync(join(data, 'postmaster.pid'))
  const start = async () => {
    if (!up()) run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', 'start'])
  }
  // Fast: the sessions in progress are ended, as a restart for an upgrade does.
  const stop = async () => {
    if (up()) run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  }
  await start()
  // Whatever ends this run, the server goes with it.
  process.once('exit', () => stopLeftOver(bin, data, user))
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'undersign'])
  const connection = {
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: 'postgres',
    database: 'undersign',
  }
  return {
    port,
    connection,
    settings: {
      DB_CONNECTION: 'pg',
      PG_HOST: connection.host,
      PG_PORT: String(port),
      PG_USER: connection.user,
      PG_PASSWORD: connection.password,
      PG_DB_NAME: connection.database,
    },
    stop,
    start,
    async remove() {
      await stop()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}

/** Stops at once a server a run left on this data folder. */
function stopLeftOver(bin: string, data: string, user: { uid?: number; gid?: number }) {
  if (!existsSync(join(data, 'postmaster.pid'))) return
  spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
    stdio: 'ignore',
    ...user,
  })
}
