import type { Socket } from 'node:net'

/**
 * A channel's streams are written at most once a second: a message that
 * comes sooner waits for that moment, and a newer one replaces it, so that a
 * crowd is written once per second however often the counts move.
 */
export const PASS_INTERVAL_MS = 1000
/** Streams written per turn of the event loop: a pass over 50,000 lets requests in between. */
const SLICE = 500
/**
 * Bytes a stream may have waiting in this process: past them its reader has
 * stopped reading (its messages pile up in memory), and it is closed; a page
 * that still lives opens another.
 */
const MAX_WAITING_BYTES = 64 * 1024
/** A comment line: a quiet stream still says something, so that proxies keep it open. */
const PING = Buffer.from(':\n\n')

type Channel = {
  sockets: Set<Socket>
  /** The message the next pass writes, when one waits. */
  waiting: Buffer | null
  /** When the last pass began (ms since 1970). */
  lastPassAt: number
  /** The pass under way or planned: a channel has at most one. */
  pass: Promise<void> | null
}

/** A message as it is written on every stream: one server-sent event, `data:` one JSON line. */
export function eventFrame(json: string) {
  return Buffer.from(`data: ${json}\n\n`)
}

/**
 * The open server-sent event streams of this process, by channel, and the
 * fan-out of messages to them. A message is serialised once into one buffer
 * that every stream of its channel is written, socket by socket, a slice per
 * turn of the event loop; passes are coalesced (see PASS_INTERVAL_MS). The
 * hub knows sockets only: what a stream is for, and who may hold one, is
 * decided before it joins.
 */
export class StreamHub {
  #channels = new Map<string, Channel>()
  #observers = new Set<(channel: string, frame: Buffer) => void>()
  #streams = 0

  constructor(private passInterval = PASS_INTERVAL_MS) {}

  /** Adds an open stream's socket to `name`; it leaves by itself once the socket closes. */
  join(name: string, socket: Socket) {
    let channel = this.#channels.get(name)
    if (!channel) {
      channel = { sockets: new Set(), waiting: null, lastPassAt: 0, pass: null }
      this.#channels.set(name, channel)
    }
    channel.sockets.add(socket)
    this.#streams++
    socket.once('close', () => {
      this.#streams--
      channel.sockets.delete(socket)
      if (channel.sockets.size === 0 && !channel.pass) this.#channels.delete(name)
    })
  }

  /**
   * Sends `frame` to every stream of `name` in this process: at once when
   * the channel had no pass in the last second, else at the next moment it
   * may (replacing a message that waited). Resolves once it is written.
   */
  publish(name: string, frame: Buffer) {
    for (const observe of this.#observers) observe(name, frame)
    const channel = this.#channels.get(name)
    if (!channel) return Promise.resolve()
    channel.waiting = frame
    channel.pass ??= this.#passes(name, channel)
    return channel.pass
  }

  /** Calls `observe` with each message published in this process, until the returned function is called. */
  observe(observe: (channel: string, frame: Buffer) => void) {
    this.#observers.add(observe)
    return () => this.#observers.delete(observe)
  }

  /** The channels with a stream in this process. */
  channels() {
    return [...this.#channels.keys()]
  }

  /** How many streams of `name` this process holds. */
  streamsOf(name: string) {
    return this.#channels.get(name)?.sockets.size ?? 0
  }

  /** Streams held in this process. */
  get count() {
    return this.#streams
  }

  /** Writes a comment on the streams of channels that had no message for `quietMs`. */
  async ping(quietMs: number, now = Date.now()) {
    for (const channel of this.#channels.values()) {
      if (channel.pass || now - channel.lastPassAt < quietMs) continue
      await writeAll(channel.sockets, PING)
    }
  }

  async #passes(name: string, channel: Channel) {
    while (channel.waiting) {
      const wait = channel.lastPassAt + this.passInterval - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref())
      const frame = channel.waiting
      channel.waiting = null
      channel.lastPassAt = Date.now()
      await writeAll(channel.sockets, frame)
    }
    channel.pass = null
    if (channel.sockets.size === 0) this.#channels.delete(name)
  }
}

/**
 * Writes `frame` to each socket, a slice per turn of the event loop. A Set's
 * iterator survives changes: a socket that closes meanwhile is skipped, one
 * that joins meanwhile is written too.
 */
async function writeAll(sockets: Set<Socket>, frame: Buffer) {
  let written = 0
  for (const socket of sockets) {
    if (socket.destroyed) continue
    if (socket.writableLength > MAX_WAITING_BYTES) socket.destroy()
    else socket.write(frame)
    if (++written % SLICE === 0) await new Promise((resolve) => setImmediate(resolve))
  }
}
