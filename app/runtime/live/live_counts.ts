import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import { StreamHub, eventFrame } from '#runtime/live/stream_hub'
import { LiveCountsRelay } from '#runtime/live/live_counts_relay'
import {
  CHANNEL,
  channelOf,
  channelStateOf,
  countsKey,
  guidOf,
  isPetitionChannel,
  liveCountsMessages,
  openCounts,
  type ChannelState,
  type LiveCountsMessage,
} from '#runtime/live/live_count_messages'

/** The open live-count streams of this process, by petition channel. */
export const liveCountsHub = new StreamHub()

/** The Redis channel on which a worker that flushed tells every other one what to send. */
export const LIVE_COUNTS_CHANNEL = 'undersign:live-counts'
/** How often a worker without Redis reads the counts of the petitions its streams watch. */
const POLL_MS = 500
/** How long a channel's state is reused for new streams and documents. */
const STATE_TTL_MS = 5000
/** How long a counts document is reused (nginx keeps it as long: `s-maxage=1`). */
const DOCUMENT_TTL_MS = 1000
/** Petitions whose state or document a process keeps at most. */
const KEPT = 5000

/** The counts document of a petition: its JSON, or why there is none. */
export type CountsDocument = { status: 200; body: string } | { status: 404 | 410 }

type Kept<T> = { value: T; expires: number }

/** This process, so that it skips the messages it published itself (it sent them at once). */
const ownOrigin = randomUUID()

/**
 * Live counts on open petition pages, and the counts document of the pages
 * that poll instead (past a process's stream cap).
 *
 * A counter flush (`runtime/signatures/counter`) ends with one message per
 * petition whose counts it moved: two queries for all of them (their counts
 * and their last signatures), never one per signature. The message goes to
 * this process's streams through its hub, serialised once.
 *
 * With Redis (REDIS_HOST), the worker that flushed also publishes it on
 * LIVE_COUNTS_CHANNEL, and every other worker hands it to its hub. Without
 * it, a flush may happen in any worker (the one whose DELETE took the delta
 * rows); so each worker also reads, twice a second, the counts of the
 * petitions its own streams watch (one query, none when it holds no stream)
 * and sends what moved since it last looked. Either way a page hears of a
 * confirmation about 1 s (the flush interval) + 0.5 s (poll) + the hub's
 * pass later.
 */
export class LiveCounts {
  #started = false
  #timer: NodeJS.Timeout | null = null
  #subscribed = false
  /** Per watched petition (guid), the counts this worker's streams were last sent or shown. */
  #known = new Map<string, string>()
  /** One read at a time in this process: a poll never overwrites what a flush just sent. */
  #queue: Promise<unknown> = Promise.resolve()
  #states = new Map<string, Kept<Promise<ChannelState>>>()
  #documents = new Map<string, Kept<Promise<string | null>>>()

  /** Whether messages travel between workers (Redis); where nginx's pages get theirs. */
  constructor(
    private shared: () => boolean,
    private relay: LiveCountsRelay
  ) {}

  start() {
    if (this.#started) return
    this.#started = true
    if (this.shared()) {
      if (!this.#subscribed) redis.subscribe(LIVE_COUNTS_CHANNEL, (message) => this.#heard(message))
      this.#subscribed = true
      return
    }
    this.#timer = setInterval(() => {
      this.poll().catch((error) => logger.warn({ err: error }, 'live counts poll failed'))
    }, POLL_MS)
    this.#timer.unref()
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    this.#started = false
  }

  /** Whether the petition of `guid` is open, closed or missing (`ChannelState`). Kept a few seconds. */
  channelState(guid: string): Promise<ChannelState> {
    return kept(this.#states, guid, STATE_TTL_MS, () => channelStateOf(guid))
  }

  /**
   * The counts document of an open petition: what its stream's last message
   * said, or read now; kept a second, as nginx keeps it, so that a crowd of
   * polling pages costs a query a second.
   */
  async countsDocument(guid: string): Promise<CountsDocument> {
    const state = await this.channelState(guid)
    if (state !== 'open') return { status: state === 'closed' ? 410 : 404 }
    const body = await kept(this.#documents, guid, DOCUMENT_TTL_MS, async () => {
      const [counts] = await liveCountsMessages(await openCounts({ guids: [guid] }))
      return counts ? JSON.stringify(counts.message) : null
    })
    return body === null ? { status: 404 } : { status: 200, body }
  }

  /**
   * After a counter flush of this process (PetitionChanged with its counts
   * moved): the petitions it moved. With Redis, all of the open ones (every
   * worker's streams hear it); without, those watched here (the other
   * workers' polls see the new counts).
   */
  changed(petitionIds: number[]) {
    if (!this.#started) return
    return this.#serialised(() => this.#sendChanged(petitionIds))
  }

  async #sendChanged(petitionIds: number[]) {
    const moved = await openCounts({ ids: petitionIds })
    // nginx's pages may follow any open petition: all that moved go there, from this worker only.
    if (this.shared()) return this.#send(moved, { everywhere: true, relayed: true })
    // Without Redis: the petitions this process's streams watch or its documents say.
    const watched = new Set(watchedGuids())
    const rows = moved.filter((row) => watched.has(row.guid) || this.#documents.has(row.guid))
    // A poll that ran after the commit has already sent these counts.
    const unsent = rows.filter((row) => this.#known.get(row.guid) !== countsKey(row))
    for (const row of unsent) if (watched.has(row.guid)) this.#known.set(row.guid, countsKey(row))
    if (!this.relay.enabled) return this.#send(unsent)
    const local = new Set(unsent.map((row) => row.guid))
    return this.#send(moved, { relayed: true, local: (guid) => local.has(guid) })
  }

  /** Without Redis: what moved, since this worker last looked, on the petitions it watches. */
  poll() {
    return this.#serialised(async () => {
      const guids = watchedGuids()
      for (const guid of this.#known.keys()) if (!guids.includes(guid)) this.#known.delete(guid)
      if (guids.length === 0) return
      const rows = await openCounts({ guids })
      const moved = rows.filter((row) => {
        const before = this.#known.get(row.guid)
        this.#known.set(row.guid, countsKey(row))
        // First seen: the page already shows these counts (or the next move fixes it).
        return before !== undefined && before !== countsKey(row)
      })
      return this.#send(moved)
    })
  }

  /**
   * One message per petition to this process's streams and counts
   * documents (those `local` names), with `everywhere` to the other
   * workers', and with `relayed` to the pages nginx holds.
   */
  async #send(
    rows: Parameters<typeof liveCountsMessages>[0],
    {
      everywhere = false,
      relayed = false,
      local = () => true,
    }: { everywhere?: boolean; relayed?: boolean; local?: (guid: string) => boolean } = {}
  ) {
    const publications: Promise<void>[] = []
    for (const { guid, message } of await liveCountsMessages(rows)) {
      const payload = JSON.stringify(message)
      const data = streamData(channelOf(guid), payload)
      if (local(guid)) {
        keep(this.#documents, guid, Promise.resolve(payload), DOCUMENT_TTL_MS)
        void liveCountsHub.publish(channelOf(guid), eventFrame(data))
      }
      if (everywhere) this.#tellOthers(channelOf(guid), message)
      if (relayed) publications.push(this.relay.publish(guid, data))
    }
    // nginx answers once it has written the message to its pages: the flush that
    // sent it keeps the counter's turn until then, so a crowd is never sent more
    // than nginx writes.
    await Promise.all(publications)
  }

  #tellOthers(channel: string, payload: LiveCountsMessage) {
    const message = JSON.stringify({ origin: ownOrigin, channel, payload })
    redis.publish(LIVE_COUNTS_CHANNEL, message).catch((error) => {
      logger.warn({ err: error }, 'could not tell the other workers of new live counts')
    })
  }

  /** A message another worker published: to this process's streams, if it watches that petition. */
  #heard(message: string) {
    try {
      const { origin, channel, payload } = JSON.parse(message)
      if (origin === ownOrigin || !isPetitionChannel(channel)) return
      const json = JSON.stringify(payload)
      keep(this.#documents, guidOf(channel), Promise.resolve(json), DOCUMENT_TTL_MS)
      if (liveCountsHub.streamsOf(channel) > 0) {
        void liveCountsHub.publish(channel, eventFrame(streamData(channel, json)))
      }
    } catch (error) {
      logger.warn({ err: error }, 'an unreadable live counts message')
    }
  }

  #serialised<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work)
    this.#queue = next.catch(() => {})
    return next
  }
}

/** The value kept for `key`, or `load`'s, kept `ttl` ms (a failed load is not kept). */
function kept<T>(
  map: Map<string, Kept<Promise<T>>>,
  key: string,
  ttl: number,
  load: () => Promise<T>
) {
  const now = Date.now()
  const cached = map.get(key)
  if (cached && cached.expires > now) return cached.value
  const value = load()
  value.catch(() => map.get(key)?.value === value && map.delete(key))
  return keep(map, key, value, ttl)
}

/** Keeps `value` for `key` `ttl` ms, and forgets the oldest key past KEPT. */
function keep<T>(map: Map<string, Kept<T>>, key: string, value: T, ttl: number) {
  map.delete(key)
  map.set(key, { value, expires: Date.now() + ttl })
  if (map.size > KEPT) map.delete(map.keys().next().value!)
  return value
}

/** A stream's message, as Transmit framed its own (pages opened before an upgrade read them too). */
function streamData(channel: string, payload: string) {
  return `{"channel":"${channel}","payload":${payload}}`
}

/** The guids of the petition channels the streams of this process watch. */
function watchedGuids() {
  return liveCountsHub.channels().flatMap((channel) => CHANNEL.exec(channel)?.[1] ?? [])
}

export const liveCounts = new LiveCounts(
  () => Boolean(env.get('REDIS_HOST')),
  new LiveCountsRelay(() => env.get('LIVE_COUNTS_RELAY_URL'))
)
