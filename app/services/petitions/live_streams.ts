import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { liveStreamsPerAddress } from '#config/rate_limits'
import { liveCounts } from '#services/petitions/live_counts'
import { liveStreamSlots, type Slot, type SlotStore } from '#services/petitions/live_stream_slots'

/**
 * The longest a stream stays open; the page's EventSource then opens a new
 * one by itself. Each stream ends at a moment of the last tenth of it, so
 * that pages that opened together (a worker restarted) drift apart instead
 * of all reconnecting together every half hour.
 */
export const MAX_STREAM_AGE_MS = 30 * 60_000
const AGE_SPREAD = 0.1
/** How long a slot stays held when its worker stops renewing it (it died). */
export const SLOT_LEASE_MS = 90_000
/** How often a worker renews its slots and ends the streams that reached their age. */
const SWEEP_MS = 30_000

/** Whether a stream may open, and if not, the status that says why. */
export type Admission =
  | { status: 200; slot: Slot }
  /** 404: no petition the public can see has this channel; 410: it is closed for signing. */
  | { status: 404 | 410 }
  /** 429: the address holds as many streams as it may. */
  | { status: 429 }

type Held = { slot: Slot; endsAt: number; end: () => void }

/**
 * The live-count streams of this worker process and the slots they hold.
 * An address (IPv6: its /64) holds at most LIVE_STREAMS_PER_ADDRESS streams
 * at once across all the workers, counted in a store they share
 * (`live_stream_slots`: Redis, or the database). A slot goes back when its
 * stream closes: the visitor left, the stream reached its age, or the worker
 * stopped. While its streams last, a worker renews their slots every 30 s;
 * a worker that dies stops renewing, and its slots expire within 90 s.
 */
export class LiveStreams {
  /** This process, as the holder of its slots. */
  readonly holder = randomUUID()
  #held = new Map<string, Held>()
  /** Slots `endAll` already gave back in one go, as their streams close. */
  #givenBack = new Set<string>()
  #timer: NodeJS.Timeout | null = null
  #closing = false

  constructor(
    private store: SlotStore,
    private cap: () => number
  ) {}

  start() {
    if (this.#timer) return
    this.#closing = false
    this.#timer = setInterval(() => {
      this.sweep().catch((error) => logger.warn({ err: error }, 'live streams sweep failed'))
    }, SWEEP_MS)
    this.#timer.unref()
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /**
   * Whether `address` may open a stream of the petition `guid`: only an
   * open petition's (published, not hidden, open for signing), and only
   * while the address holds fewer streams than the cap. An admitted stream
   * holds its slot until `release`.
   */
  async admit(address: string, guid: string): Promise<Admission> {
    const state = await liveCounts.channelState(guid)
    if (state !== 'open') return { status: state === 'closed' ? 410 : 404 }
    const now = Date.now()
    const slot = await this.store.take(address, this.holder, this.cap(), now, now + SLOT_LEASE_MS)
    return slot ? { status: 200, slot } : { status: 429 }
  }

  /** A stream now open on `slot`; `end` ends it (when it reaches its age, or the worker stops). */
  hold(slot: Slot, end: () => void) {
    const age = MAX_STREAM_AGE_MS * (1 - AGE_SPREAD * Math.random())
    this.#held.set(slot.token, { slot, endsAt: Date.now() + age, end })
    // A worker that is stopping lets the page reconnect to another one.
    if (this.#closing) end()
  }

  /** The stream of `slot` closed, or never opened: its slot goes back. */
  async release(slot: Slot) {
    this.#held.delete(slot.token)
    if (this.#givenBack.delete(slot.token)) return
    try {
      await this.store.give(slot)
    } catch (error) {
      // Not renewed any more: it expires.
      logger.warn({ err: error }, 'a live stream slot could not be given back')
    }
  }

  /** Streams this process holds. */
  get count() {
    return this.#held.size
  }

  /**
   * Ends the streams that reached their age (their slots go back as they
   * close), renews the slots of the others, and forgets slots expired in any
   * worker. Runs every 30 s, and does nothing in a worker without streams:
   * expired slots count for nobody meanwhile, and a take reuses them.
   * `now` may be moved by a test.
   */
  async sweep(now = Date.now()) {
    if (this.#held.size === 0) return
    const kept: Slot[] = []
    for (const held of this.#held.values()) {
      if (held.endsAt <= now) held.end()
      else kept.push(held.slot)
    }
    await this.store.renew(this.holder, kept, now, now + SLOT_LEASE_MS)
    await this.store.prune(now)
  }

  /** Ends every stream of this process and gives all its slots back at once. */
  async endAll() {
    const held = [...this.#held.values()]
    if (held.length === 0) return
    for (const { slot } of held) this.#givenBack.add(slot.token)
    for (const { end } of held) end()
    try {
      await this.store.giveAll(
        this.holder,
        held.map(({ slot }) => slot)
      )
    } catch (error) {
      logger.warn({ err: error }, 'live stream slots could not be given back')
    }
  }

  /**
   * A stopping worker ends its streams, or the HTTP server would wait for
   * them (pages never hang up); a stream opened meanwhile ends at once.
   * Their pages reconnect to a worker that runs.
   */
  async close() {
    this.#closing = true
    await this.endAll()
  }
}

export const liveStreams = new LiveStreams(liveStreamSlots, () => liveStreamsPerAddress)
