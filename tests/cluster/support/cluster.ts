import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, openSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { createHash } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { startMailbox, type Mailbox } from '#tests/shipped/support/mailbox'
import { Visitor } from '#tests/shipped/support/visitor'
import type { Site } from '#tests/shipped/support/journeys'
import {
  DOMAIN,
  bareEnvironment,
  buildOnce,
  childrenOf,
  exitOf,
  productionSettings,
  waitUntilServing,
  writeEnvFile,
} from '#tests/shipped/support/shipped_app'
import { freePort } from '#tests/helpers/ports'
import {
  startBucket,
  startPostgres,
  startRedis,
  type Outage,
  type Postgres,
} from '#tests/cluster/support/servers'
import { relayUrl, startNginx } from '../../../bench/nginx.js'

/**
 * Two nodes of the built app, each started as `npm start` starts it, with
 * a folder of its own (settings, local files, log), behind Debian's nginx
 * running deploy/nginx.conf, on a PostgreSQL cluster, a Redis server and
 * an S3-compatible server (moto) of the suite's own, as a site of two
 * machines is deployed. Each of the three can be stopped and started again
 * by a test (`servers()`), disturbing nothing outside the suite.
 */
const folder = app.makePath('tmp', 'cluster')
const BUCKET = 'undersign-cluster'

/**
 * The PostgreSQL cluster's folder, one per checkout (a run stops and
 * replaces what its own last run left), where the `postgres` user reaches it.
 */
const postgresFolder = join(
  tmpdir(),
  `undersign-cluster-postgres-${createHash('sha256').update(app.makePath()).digest('hex').slice(0, 8)}`
)

export type NodeName = 'a' | 'b'
type Node = { port: number; folder: string; log: string; starter: ChildProcess | null }

type Cluster = {
  proxyPort: number
  mailbox: Mailbox
  nodes: Record<NodeName, Node>
  servers: { redis: Outage; postgres: Postgres; bucket: Awaited<ReturnType<typeof startBucket>> }
}

let cluster: Cluster | null = null

function running(): Cluster {
  if (!cluster) throw new Error('the cluster is not running (suite setup)')
  return cluster
}

/** The site as its visitors reach it: through the proxy. */
export function site(): Site {
  const { proxyPort, mailbox } = running()
  return {
    visitor: (locale = 'en') => new Visitor({ port: proxyPort, domain: DOMAIN }, locale),
    mailbox,
  }
}

/** The port the proxy (nginx) listens on. */
export function proxyPortOf() {
  return running().proxyPort
}

/** The port a node serves on, behind the proxy. */
export function nodePort(name: NodeName) {
  return running().nodes[name].port
}

/** A visitor talking to one node directly, bypassing the proxy, with the cookies of `as`. */
export function atNode(name: NodeName, as?: Visitor) {
  const visitor = new Visitor({ port: running().nodes[name].port, domain: DOMAIN }, as?.locale)
  for (const [cookie, value] of as?.cookies ?? []) visitor.cookies.set(cookie, value)
  if (as) visitor.version = as.version
  return visitor
}

/** The servers the nodes depend on, for the fault tests to stop and start. */
export function servers() {
  return running().servers
}

/** The keys of the bucket's objects under `prefix`. */
export async function bucketKeys(prefix: string) {
  const disk = running().servers.bucket.server().disk(BUCKET)
  const { objects } = await disk.listAll(prefix, { recursive: true })
  return [...objects].flatMap((object) => ('key' in object ? [object.key] : []))
}

/** The cluster's database, read by the tests. */
export function clusterDb() {
  return db.connection('cluster')
}

/** Runs an ace command of the build as an operator would on a node. */
export function aceOnNode(name: NodeName, args: string[]) {
  const result = spawnSync(process.execPath, ['ace.js', ...args], {
    cwd: app.makePath('build'),
    env: bareEnvironment({ ENV_PATH: join(running().nodes[name].folder, 'env') }),
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`ace ${args.join(' ')}: ${result.stdout}${result.stderr}`)
  return result.stdout
}

/** Stops a node at once (SIGKILL of its server and workers), as a machine that fails. */
export async function killNode(name: NodeName) {
  const node = running().nodes[name]
  const starter = node.starter!
  const tree = (pid: number): number[] => [pid, ...childrenOf(pid).flatMap(tree)]
  for (const pid of tree(starter.pid!)) process.kill(pid, 'SIGKILL')
  await exitOf(starter, 5000)
  node.starter = null
}

/** The id of a node's server process (bin/server.js, its only worker): the same while it lives. */
export function serverPid(name: NodeName) {
  const [server] = childrenOf(running().nodes[name].starter!.pid!)
  return server
}

/** Starts again every node a test killed; resolves once each answers. */
export async function bothNodesUp() {
  const dead = Object.values(running().nodes).filter((node) => !node.starter)
  await Promise.all(dead.map(launch))
}

/** `npm start` of a node on its own settings; resolves once it answers. */
async function launch(node: Node) {
  const output = openSync(node.log, 'a')
  node.starter = spawn(process.execPath, ['bin/start.js'], {
    cwd: app.makePath(),
    env: bareEnvironment({ ENV_PATH: join(node.folder, 'env') }),
    stdio: ['ignore', output, output],
  })
  await waitUntilServing(node.port, node.starter, node.log)
}

/** Suite setup: build once, start the servers and both nodes at the same moment, then nginx. */
export async function startCluster() {
  buildOnce()
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })

  const [redis, bucket, postgres, mailbox] = await Promise.all([
    freePort().then((port) => startRedis(port, join(folder, 'redis'))),
    startBucket(BUCKET),
    freePort().then((port) => startPostgres(port, postgresFolder)),
    startMailbox(),
  ])
  db.manager.add('cluster', { client: 'pg', connection: postgres.connection })

  // One release, one secret: either node reads the cookies and links of the other.
  const appKey = productionSettings().APP_KEY
  // nginx holds the pages' live-count streams; the nodes publish to it.
  const publishPort = await freePort()
  const nodes = {} as Record<NodeName, Node>
  for (const name of ['a', 'b'] as const) {
    const node: Node = {
      port: await freePort(),
      folder: join(folder, `node-${name}`),
      log: join(folder, `node-${name}.log`),
      starter: null,
    }
    writeEnvFile(
      join(node.folder, 'env'),
      productionSettings({
        APP_KEY: appKey,
        PORT: String(node.port),
        SMTP_PORT: String(mailbox.port),
        STORAGE_PATH: join(node.folder, 'storage'),
        OUTBOX_PATH: join(node.folder, 'outbox'),
        ...postgres.settings,
        REDIS_HOST: '127.0.0.1',
        REDIS_PORT: String(redis.port),
        LIVE_COUNTS_RELAY_URL: relayUrl(publishPort),
        DRIVE_DISK: 's3',
        ...bucket.server().variables(BUCKET),
        WEB_CONCURRENCY: '1',
        // A page's data is kept a minute: a change shown at once by the other node
        // was forgotten there through Redis, not by its expiry.
        PETITION_PAGE_CACHE_MS: '60000',
      })
    )
    nodes[name] = node
  }
  cluster = {
    proxyPort: await freePort(),
    mailbox,
    nodes,
    servers: { redis, postgres, bucket },
  }
  // Both at once, as after a deploy: one migrates while the other waits for it.
  await Promise.all(Object.values(nodes).map(launch))

  const nginx = await startNginx({
    servers: Object.values(nodes).map((node) => `127.0.0.1:${node.port}`),
    port: cluster.proxyPort,
    publishPort,
    dir: join(folder, 'nginx'),
  })

  return async () => {
    nginx.stop()
    for (const node of Object.values(nodes)) {
      if (!node.starter) continue
      node.starter.kill('SIGTERM')
      await exitOf(node.starter, 10_000)
    }
    await db.manager.close('cluster')
    await Promise.all([exitOf(nginx.child, 5000), mailbox.close(), bucket.stop(), redis.stop()])
    await postgres.remove()
    cluster = null
  }
}
