/*
|--------------------------------------------------------------------------
| Supervisor of the HTTP workers
|--------------------------------------------------------------------------
|
| `npm start` serves with one worker process per core (WEB_CONCURRENCY,
| default: the cores this machine offers). The workers share the port
| (node:cluster, each accepting its own connections); everything they must
| agree on lives in the database or Redis: sessions, rate limits, the
| counters' pending rows, the queue and its schedules. This process only
| watches them:
|   - a worker that dies is replaced at once; one that keeps dying within
|     seconds of its start (a broken setting, a port taken) stops the site
|     with an error instead of a restart loop;
|   - SIGTERM or SIGINT asks every worker to finish its requests and flush
|     its counters (their own SIGTERM handler), and ends when all have;
|   - if this process itself is killed, the workers notice the broken
|     channel and exit, so nothing is left holding the database;
|   - a scrape of /metrics reaching one worker is answered with the sum of
|     every worker's metrics, which this process collects for it;
|   - beside the web workers, one mail worker sends the signers' mails the
|     web workers store (MAIL_PROCESS=false keeps them in the web workers):
|     the ids of their due mails pass through this process to it
|     (app/support/mail_worker.ts), and it is replaced like a web worker;
|   - with it, one webhook worker at the mail worker's priority consumes the
|     `webhooks` queue, which the web workers then leave to it
|     (app/support/webhook_worker.ts, app/support/queues.ts); it is
|     replaced like a web worker.
|
*/
import cluster, { type Worker } from 'node:cluster'
import { setPriority } from 'node:os'
import { SUPERVISED_WORKER, aggregateWorkerMetrics } from '#support/metrics/cluster_aggregation'
import { MAIL_WORKER, MAILS_TO_WORKER, relayDueMails } from '#support/mail_worker'
import { WEBHOOK_WORKER } from '#support/webhook_worker'
import { WORKER_LISTENING } from './own_listening_socket.js'

/** Exit code of a worker that refused its settings: every new one would too. */
const REFUSED_SETTINGS = 78
/** A worker that dies this soon after it started failed to boot. */
const BOOT_WINDOW_MS = 10_000
/** Boot failures in a row after which the site stops instead of retrying. */
const MAX_BOOT_FAILURES = 5
/**
 * The mail worker's niceness: in a signing surge the kernel gives the cores to
 * the web workers first, so signers are answered at full speed, and the mails
 * take what is left, then every core once the surge is over. Enough is left
 * at this value that the last mail of a surge still leaves within seconds.
 */
const MAIL_WORKER_NICENESS = 5
/**
 * The webhook worker's niceness: the mail worker's. Its rounds already wait
 * while the site keeps the cores busy (runtime/webhooks/idle_cores); lower
 * still, a round caught by a surge inside its transaction held SQLite's one
 * write lock for seconds while the kernel gave its core to the web workers
 * waiting for that lock.
 */
const WEBHOOK_WORKER_NICENESS = 5
/** How long workers get to drain on shutdown before they are killed. */
const SHUTDOWN_GRACE_MS = 30_000

function log(message: string) {
  console.log(`[supervisor] ${message}`)
}

export function supervise(workerCount: number) {
  // Workers accept connections on sockets of their own (bin/own_listening_socket.ts).
  // In the default round-robin mode this process accepts them and hands each to a
  // worker; a connection handed to a worker that dies before taking it stays open
  // here forever, and its visitor waits for an answer that never comes.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  // Such a socket is not the cluster's, so the cluster does not tell when a worker
  // listens: the worker does, and it is told on as the cluster would.
  cluster.on('message', (worker, message) => {
    if (message?.type !== WORKER_LISTENING) return
    worker.emit('listening', message.address)
    cluster.emit('listening', worker, message.address)
  })
  const startedAt = new Map<Worker, number>()
  const withMailWorker = process.env.MAIL_PROCESS !== 'false'
  let mailWorker: Worker | null = null
  let webhookWorker: Worker | null = null
  let bootFailures = 0
  let stopping = false
  let exitCode = 0

  function fork() {
    const worker = cluster.fork({
      [SUPERVISED_WORKER]: '1',
      ...(withMailWorker ? { [MAILS_TO_WORKER]: '1' } : {}),
    })
    startedAt.set(worker, Date.now())
    worker.once('listening', () => (bootFailures = 0))
  }

  /** A background worker (no HTTP server), reniced below the web workers. */
  function forkBackground(name: string, role: string, niceness: number) {
    const worker = cluster.fork({ [SUPERVISED_WORKER]: '1', [role]: '1' })
    startedAt.set(worker, Date.now())
    try {
      setPriority(worker.process.pid!, niceness)
    } catch (error) {
      log(`the ${name} keeps the web workers' priority: ${(error as Error).message}`)
    }
    return worker
  }

  const forkMailWorker = () =>
    (mailWorker = forkBackground('mail worker', MAIL_WORKER, MAIL_WORKER_NICENESS))
  const forkWebhookWorker = () =>
    (webhookWorker = forkBackground('webhook worker', WEBHOOK_WORKER, WEBHOOK_WORKER_NICENESS))

  function stop(code: number) {
    if (stopping) return
    stopping = true
    exitCode = code
    const workers = Object.values(cluster.workers ?? {})
    if (workers.length === 0) process.exit(exitCode)
    for (const worker of workers) worker?.process.kill('SIGTERM')
    setTimeout(() => {
      log(`workers still running after ${SHUTDOWN_GRACE_MS / 1000} s: killed`)
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
    }, SHUTDOWN_GRACE_MS).unref()
  }

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode)
      return
    }
    if (code === REFUSED_SETTINGS) return stop(REFUSED_SETTINGS)
    if (lived < BOOT_WINDOW_MS && ++bootFailures >= MAX_BOOT_FAILURES) {
      log(`workers keep dying at start (last: ${signal ?? `exit ${code}`}): stopping`)
      return stop(1)
    }
    log(`worker ${worker.process.pid} died (${signal ?? `exit ${code}`}): starting another`)
    if (worker === mailWorker) forkMailWorker()
    else if (worker === webhookWorker) forkWebhookWorker()
    else fork()
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(0))
  aggregateWorkerMetrics()
  relayDueMails(() => (bootFailures = 0))
  log(`starting ${workerCount} workers${withMailWorker ? ', a mail and a webhook worker' : ''}`)
  for (let index = 0; index < workerCount; index++) fork()
  if (withMailWorker) {
    forkMailWorker()
    forkWebhookWorker()
  }
}
