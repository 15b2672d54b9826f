import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import logger from '@adonisjs/core/services/logger'
import { Gauge } from 'prom-client'
import { liveStreamsPerAddress, liveStreamsPerProcess } from '#config/rate_limits'
import { liveStreamSlots, type Slot, type SlotStore } from '#runtime/live/live_stream_slots'
import { liveCounts, liveCountsHub } from '#runtime/live/live_counts'
import { processMetrics } from '#runtime/metrics/process_metrics'

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
/** A channel quiet this long has its streams pinged (proxies close silent connections after 30 s or more). */
const PING_MS = 25_000

/** What a stream says as it opens (some browsers wait for a first byte to call it open). */
const OPENED = Buffer.from(':ok\n\n')
/**
 * The whole answer to a page past this process's stream cap: read the
 * counts document every second instead. A page of an older bundle ignores
 * the event and asks again in five minutes.
 */
export const POLL_INSTEAD = 'retry: 300000\nevent: poll\ndata: {"every":1000}\n\n'
/** The headers of a stream, after the ones the middleware set. */
const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'private, no-cache, no-store, must-revalidate, max-age=0, no-transform',
  // nginx passes each message on as it comes.
  'X-Accel-Buffering': 'no',
}

/** Whether a stream may open, and if not, the status that says why. */
export type Admission =
  | { status: 200; slot: Slot }
  /** 404: no petition the public can see has this channel; 410: it is closed for signing. */
  | { status: 404 | 410 }
  /** 429: the address holds as many streams as it may. */
  | { status: 429 }
  /** This process holds as many streams as it may: the page reads the counts document instead. */
  | { status: 'full' }

type Held = { slot: Slot; endsAt: number; end: () => void }

/**
 * The live-count streams of this worker process, the slots they hold, and
 * the hub that writes them their messages.
 *
 * An address (IPv6: its /64) holds at most LIVE_STREAMS_PER_ADDRESS streams
 * at once across all the workers, counted in a store they share
 * (`live_stream_slots`: Redis, or the database). A slot goes back when its
 * stream closes: the visitor left, the stream reached its age, or the worker
 * stopped. While its streams last, a worker renews their slots every 30 s;
 * a worker that dies stops renewing, and its slots expire within 90 s.
 * A process holds at most LIVE_STREAMS_PER_PROCESS streams (by default what
 * its open files allow): past it, a page is told to read the cached counts
 * document instead, and a crowd never takes the descriptors every other
 * request needs.
 */
export class LiveStreams {
  /** This process, as the holder of its slots. */
  readonly holder = randomUUID()
  #held = new Map<string, Held>()
  /** Streams being admitted: they count against the process's cap already. */
  #admitting = 0
  /** Slots `endAll` already gave back in one go, as their streams close. */
  #givenBack = new Set<string>()
  #timer: NodeJS.Timeout | null = null
  #pings: NodeJS.Timeout | null = null
  #closing = false

  constructor(
    private store: SlotStore,
    /** The caps: streams per address across the workers, and streams of this process. */
    readonly caps: { perAddress: () => number; perProcess: () => number }
  ) {}

  start() {
    if (this.#timer) return
    this.#closing = false
    this.#timer = setInterval(() => {
      this.sweep().catch((error) => logger.warn({ err: error }, 'live streams sweep failed'))
    }, SWEEP_MS)
    this.#timer.unref()
    this.#pings = setInterval(() => void liveCountsHub.ping(PING_MS), PING_MS / 5)
    this.#pings.unref()
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    if (this.#pings) clearInterval(this.#pings)
    this.#timer = this.#pings = null
  }

  /**
   * Whether `address` may open a stream of the petition `guid`: only while
   * this process holds fewer than its cap, only an open petition's
   * (published, not hidden, open for signing), and only while the address
   * holds fewer streams than its cap. An admitted stream holds its slot
   * until `release`.
   */
  async admit(address: string, guid: string): Promise<Admission> {
    if (this.#held.size + this.#admitting >= this.caps.perProcess()) return { status: 'full' }
    this.#admitting++
    try {
      const state = await liveCounts.channelState(guid)
      if (state !== 'open') return { status: state === 'closed' ? 410 : 404 }
      const now = Date.now()
      const slot = await this.store.take(
        address,
        this.holder,
        this.caps.perAddress(),
        now,
        now + SLOT_LEASE_MS
      )
      return slot ? { status: 200, slot } : { status: 429 }
    } finally {
      this.#admitting--
    }
  }

  /**
   * The admitted stream of `slot` on the request's own socket: its headers
   * (`headers`, the middleware's, first), then the messages of `channel`
   * as the hub writes them, raw on the socket, until either side closes it.
   * The answer has no length and is not chunked: it ends when the socket does.
   */
  open(slot: Slot, channel: string, response: ServerResponse, headers: Record<string, unknown>) {
    const socket = response.socket
    if (!socket || socket.destroyed) return this.release(slot)
    response.useChunkedEncodingByDefault = false
    response.writeHead(200, { ...headers, ...STREAM_HEADERS } as Record<string, string>)
    response.flushHeaders()
    socket.setNoDelay(true)
    socket.setTimeout(0)
    socket.setKeepAlive(true)
    socket.write(OPENED)
    socket.once('close', () => this.release(slot))
    liveCountsHub.join(channel, socket)
    this.hold(slot, () => socket.end())
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

export const liveStreams = new LiveStreams(liveStreamSlots, {
  perAddress: () => liveStreamsPerAddress,
  perProcess: () => liveStreamsPerProcess,
})

new Gauge({
  name: 'undersign_live_streams_open',
  help: 'Live-count streams held open by visitors',
  registers: [processMetrics],
  collect() {
    this.set(liveStreams.count)
  },
})
