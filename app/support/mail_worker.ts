import cluster, { type Worker } from 'node:cluster'

/**
 * Under the supervisor (`npm start`), signers' mails leave from a process
 * of their own, the mail worker, rather than from the web workers that
 * stored the signatures: a web worker busy answering a surge of signatures
 * leaves its SMTP connections waiting between two turns of its event loop,
 * so its mails fell far behind its signatures, while a process that only
 * sends keeps its connections busy. A web worker hands the ids of the
 * signatures whose mail is due to the supervisor, which passes them on.
 * Nothing is lost when a process dies on the way: the row is the outbox,
 * and a link left due is swept up (runtime/signatures/signature_mails).
 *
 * The messages, over the workers' IPC channel:
 *   web worker → supervisor → mail worker  { type: DUE, ids }
 *   mail worker → supervisor               { type: READY }  it takes mails from now
 */
const DUE = 'undersign:mails:due'
const READY = 'undersign:mails:ready'

/** Set by the supervisor on the mail worker. */
export const MAIL_WORKER = 'UNDERSIGN_MAIL_WORKER'
/** Set by the supervisor on its web workers when it runs a mail worker. */
export const MAILS_TO_WORKER = 'UNDERSIGN_MAILS_TO_WORKER'

/** Ids kept while the mail worker (re)starts; past them, the sweep sends the rest. */
const KEPT_WHILE_STARTING = 100_000

type Message = { type?: string; ids?: number[] }

/** Whether this process is the supervisor's mail worker. */
export function isMailWorker() {
  return cluster.isWorker && process.env[MAIL_WORKER] === '1'
}

/** Whether this web worker hands its signers' mails to the mail worker. */
export function handsMailsOver() {
  return cluster.isWorker && process.env[MAILS_TO_WORKER] === '1'
}

/** In a web worker: these signatures' mails are due. False when the supervisor is gone. */
export function handOver(ids: number[]) {
  if (!process.connected || !process.send) return false
  // A supervisor gone a moment ago fails the send: the callback takes the error (the
  // ids stay due in their rows, for the sweep) instead of an 'error' event that ends this worker.
  process.send({ type: DUE, ids } satisfies Message, undefined, {}, () => {})
  return true
}

/** In the mail worker: `take` receives every batch of ids handed over, from now on. */
export function takeHandedOver(take: (ids: number[]) => void) {
  process.on('message', (message: Message) => {
    if (message?.type === DUE && Array.isArray(message.ids)) take(message.ids)
  })
  process.send?.({ type: READY } satisfies Message)
}

/**
 * In the supervisor: passes the web workers' due mails to the mail worker,
 * and keeps them while it starts (or starts again after dying); `ready` is
 * told each time it has started.
 */
export function relayDueMails(ready: () => void = () => {}) {
  let mailWorker: Worker | null = null
  let waiting: number[] = []

  const keep = (ids: number[]) => {
    waiting.push(...ids)
    if (waiting.length > KEPT_WHILE_STARTING) waiting = waiting.slice(-KEPT_WHILE_STARTING)
  }
  /**
   * A mail worker killed a moment ago still looks connected, and a send to it
   * fails with EPIPE: the callback takes that error, which as the worker's
   * 'error' event would end the supervisor and the whole site; the ids wait
   * for the next mail worker.
   */
  const pass = (worker: Worker, ids: number[]) =>
    worker.send({ type: DUE, ids } satisfies Message, undefined, (error) => {
      if (error) keep(ids)
    })

  cluster.on('message', (worker, message: Message) => {
    if (message?.type === READY) {
      mailWorker = worker
      ready()
      const handed = waiting
      waiting = []
      if (handed.length) pass(worker, handed)
    } else if (message?.type === DUE && Array.isArray(message.ids)) {
      if (mailWorker?.isConnected()) pass(mailWorker, message.ids)
      else keep(message.ids)
    }
  })
  cluster.on('exit', (worker) => {
    if (worker === mailWorker) mailWorker = null
  })
}
