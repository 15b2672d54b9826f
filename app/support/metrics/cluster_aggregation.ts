import cluster, { type Worker } from 'node:cluster'
import { AggregatorRegistry, type Registry } from 'prom-client'

/**
 * Metrics of the workers of one supervisor (bin/supervisor.ts), added up.
 * Each worker counts its own requests, signatures and mails; a scrape
 * reaches one of them, which asks the supervisor, which asks every worker
 * that serves for its metrics and answers their sum (prom-client's
 * aggregation: counters and histograms summed, default metrics as
 * prom-client decides). So a count never depends on the worker that answered
 * and never goes down between scrapes, unless a worker died (its counts go
 * with it: Prometheus reads that as a counter reset).
 *
 * The messages, over the workers' IPC channel:
 *   worker → supervisor  { type: SCRAPE, id }          a scrape arrived
 *   supervisor → workers { type: COLLECT, id }         your metrics, please
 *   workers → supervisor { type: COLLECTED, id, metrics | error }
 *   supervisor → worker  { type: SCRAPED, id, text | error }
 *   worker → supervisor  { type: JOINED }              count me (a worker that never listens)
 */
const SCRAPE = 'undersign:metrics:scrape'
const COLLECT = 'undersign:metrics:collect'
const COLLECTED = 'undersign:metrics:collected'
const SCRAPED = 'undersign:metrics:scraped'
const JOINED = 'undersign:metrics:joined'

/** Set by the supervisor on its workers: their metrics are added up there. */
export const SUPERVISED_WORKER = 'UNDERSIGN_SUPERVISED_WORKER'

/** The longest a scrape waits for the workers' metrics. */
const ANSWER_WITHIN_MS = 5000

type Message = {
  type?: string
  id?: number
  metrics?: unknown[]
  text?: string
  error?: string
}

/** Whether this process is a worker whose supervisor adds up its metrics. */
export function isSupervisedWorker() {
  return cluster.isWorker && process.env[SUPERVISED_WORKER] === '1'
}

/**
 * In the supervisor: answers the workers' scrapes with the sum of the
 * metrics of every worker that serves (one still booting has none yet, and
 * would not answer).
 */
export function aggregateWorkerMetrics() {
  const serving = new Set<Worker>()
  cluster.on('listening', (worker) => serving.add(worker))
  cluster.on('exit', (worker) => serving.delete(worker))

  const collecting = new Map<number, (answer: Message) => void>()
  let lastId = 0

  async function collect(): Promise<string> {
    const id = ++lastId
    const workers = [...serving].filter((worker) => worker.isConnected())
    const answers: unknown[][] = []
    await new Promise<void>((resolve, reject) => {
      let waiting = workers.length
      const timer = setTimeout(() => {
        collecting.delete(id)
        reject(new Error(`${waiting} of ${workers.length} workers did not send their metrics`))
      }, ANSWER_WITHIN_MS)
      const done = (error?: Error) => {
        clearTimeout(timer)
        collecting.delete(id)
        if (error) reject(error)
        else resolve()
      }
      collecting.set(id, (answer) => {
        if (answer.error) return done(new Error(answer.error))
        answers.push(answer.metrics ?? [])
        if (--waiting === 0) done()
      })
      if (waiting === 0) done()
      for (const worker of workers) worker.send({ type: COLLECT, id })
    })
    return AggregatorRegistry.aggregate(answers as any).metrics()
  }

  cluster.on('message', (worker, message: Message) => {
    if (message?.type === JOINED) serving.add(worker)
    else if (message?.type === COLLECTED && message.id !== undefined) {
      collecting.get(message.id)?.(message)
    } else if (message?.type === SCRAPE) {
      const reply = (answer: Omit<Message, 'type' | 'id'>) => {
        if (worker.isConnected()) worker.send({ type: SCRAPED, id: message.id, ...answer })
      }
      collect().then(
        (text) => reply({ text }),
        (error: Error) => reply({ error: error.message })
      )
    }
  })
}

const scrapes = new Map<number, (answer: Message) => void>()
let lastScrape = 0

/**
 * In a worker: sends `registry`'s metrics when the supervisor collects them,
 * and receives the sums it answers to this worker's scrapes. A web worker is
 * counted once it listens; a worker that never does (the mail worker)
 * `announce`s itself.
 */
export function joinWorkerMetrics(registry: Registry, { announce = false } = {}) {
  process.on('message', (message: Message) => {
    if (message?.type === SCRAPED && message.id !== undefined) {
      scrapes.get(message.id)?.(message)
    } else if (message?.type === COLLECT) {
      registry.getMetricsAsJSON().then(
        (metrics) => send({ type: COLLECTED, id: message.id, metrics }),
        (error: Error) => send({ type: COLLECTED, id: message.id, error: error.message })
      )
    }
  })
  if (announce) send({ type: JOINED })
}

function send(message: Message) {
  if (process.connected) process.send?.(message)
}

/** In a worker: the metrics of all the supervisor's workers, added up (Prometheus text). */
export function workersMetrics(): Promise<string> {
  const id = ++lastScrape
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      scrapes.delete(id)
      reject(new Error('the supervisor did not send the workers’ metrics'))
    }, ANSWER_WITHIN_MS + 1000)
    scrapes.set(id, (answer) => {
      clearTimeout(timer)
      scrapes.delete(id)
      if (answer.text === undefined) reject(new Error(answer.error ?? 'no metrics'))
      else resolve(answer.text)
    })
    if (!process.connected) {
      clearTimeout(timer)
      scrapes.delete(id)
      return reject(new Error('this worker has lost its supervisor'))
    }
    process.send!({ type: SCRAPE, id })
  })
}
