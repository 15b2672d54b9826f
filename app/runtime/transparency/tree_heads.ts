import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { isServiceUnavailable } from '#support/unavailable_services'
import { treeHeadBytes, type TreeHead } from '#shared/transparency_log'
import { logKey, signWithLogKey } from '#runtime/transparency/log_key'
import { lockLogState } from '#runtime/transparency/log_appends'
import { LOG_HEADS } from '#runtime/transparency/log_tables'

/** The site signs its tree at most this often, and within this of a new leaf. */
export const TREE_HEAD_INTERVAL_MS = 10_000

type Signing = { signed: TreeHead | null; retryInMs: number | null }

/**
 * Signs the log's tree head while there are new leaves, at most once an
 * interval across every process and node: the signing holds the log's row
 * (as appends do), reads the latest head and signs only when the tree grew
 * and the interval has passed since that head. Every head is kept, one per
 * size (a second signer of the same size finds its row taken).
 */
export class TreeHeadSigner {
  #timer: NodeJS.Timeout | null = null

  constructor(private intervalMs = TREE_HEAD_INTERVAL_MS) {}

  /** New leaves were appended: a head comes within the interval. */
  wake(delayMs = 0) {
    if (this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.sign()
        .then(({ retryInMs }) => retryInMs !== null && this.wake(retryInMs))
        .catch((error) => {
          logger.error({ err: error }, 'the transparency log could not sign its tree head')
          if (isServiceUnavailable(error)) this.wake(this.intervalMs)
        })
    }, delayMs)
    // Never keeps a command or a test run alive: the next wake or boot signs.
    this.#timer.unref()
  }

  /**
   * Signs the tree as it stands if it grew since the latest head: when that
   * head is younger than the interval, nothing now and the wait left
   * (`retryInMs`). `ignoreInterval` is for tests and commands, which must
   * not wait for the clock.
   */
  async sign({ ignoreInterval = false } = {}): Promise<Signing> {
    await logKey()
    return db.transaction(async (trx) => {
      const state = await lockLogState(trx)
      const latest = await trx.from(LOG_HEADS).orderBy('tree_size', 'desc').first()
      if (state.size === 0 || (latest && Number(latest.tree_size) >= state.size)) {
        return { signed: null, retryInMs: null }
      }
      const now = Date.now()
      const wait = latest ? Number(latest.timestamp) + this.intervalMs - now : 0
      if (wait > 0 && !ignoreInterval) return { signed: null, retryInMs: wait }
      const head = { treeSize: state.size, timestamp: now, rootHash: state.root }
      const signature = await signWithLogKey(Buffer.from(treeHeadBytes(head), 'utf8'))
      await trx
        .table(LOG_HEADS)
        .insert({
          tree_size: head.treeSize,
          timestamp: head.timestamp,
          root_hash: head.rootHash,
          signature,
        })
        .onConflict('tree_size')
        .ignore()
      return { signed: { ...head, signature }, retryInMs: null }
    })
  }

  /** At shutdown: no timer outlives the process (its leaves are signed at the next boot). */
  stop() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }
}

export const treeHeadSigner = new TreeHeadSigner()
