import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import { DateTime } from 'luxon'
import Signature from '#models/signature'
import { matchers } from '#start/route_matchers'
import { LAST_SIGNATURES } from '#services/petitions/page_data'
import { petitionProgress } from '#shared/petitions/progress'
import LastSignatureTransformer from '#transformers/last_signature_transformer'
import { wherePublic } from '#services/petitions/visibility'

/** The stream channel of an open petition's page: its guid, which the page shows anyway. */
export const CHANNEL = /^petitions\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

export function channelOf(guid: string) {
  return `petitions/${guid}`
}

/** Whether `value` names a petition's channel (lower-case guid, as pages subscribe). */
export function isPetitionChannel(value: unknown): value is string {
  return typeof value === 'string' && CHANNEL.test(value)
}

/** A stream id the client chose: a UUID, as the Transmit client makes them. */
export function isStreamUid(value: unknown): value is string {
  return typeof value === 'string' && matchers.guid.match.test(value)
}

/**
 * What a subscriber receives after a flush moved a petition's counts: the
 * count fields of the page's `petition` prop, the two sides' counts, and its
 * `lastSignatures` prop, from the same transformers. A signer who chose to be
 * anonymous comes with `anonymous: true` and no name: the page shows the word
 * in its own language.
 */
export type LiveCountsMessage = ReturnType<typeof petitionProgress> & {
  lastSignatures: ReturnType<LastSignatureTransformer['toObject']>[]
}

type CountsRow = {
  id: number
  guid: string
  support_count: number | string
  oppose_count: number | string
  paper_count: number | string
  target_signatures: number | string
}

/** How often a worker without Redis reads the counts of the petitions its streams watch. */
const POLL_MS = 500
/** How long a channel's state is reused for new streams. */
const STATE_TTL_MS = 5000

export type ChannelState = 'open' | 'closed' | 'missing'

/**
 * Live counts on open petition pages, over server-sent events (Transmit).
 *
 * A counter flush (`services/signatures/counter`) ends with one broadcast per
 * petition whose counts it moved: two queries for all of them (their counts
 * and their last signatures), never one per signature.
 *
 * With Redis (REDIS_HOST), Transmit carries each broadcast to every worker, so
 * the worker that flushed speaks for all. Without it, a broadcast reaches only
 * the streams of the process that made it, and the flush may happen in any
 * worker (the one whose DELETE took the delta rows); so each worker also
 * reads, twice a second, the counts of the petitions its own streams watch
 * (one query, none when it holds no stream) and broadcasts locally what moved
 * since it last looked. A subscriber hears of a confirmation at most about
 * 1 s (the flush interval) + 0.5 s (this poll) later.
 */
export class LiveCounts {
  #started = false
  #timer: NodeJS.Timeout | null = null
  /** Per watched petition (guid), the counts this worker's streams were last sent or shown. */
  #known = new Map<string, string>()
  /** One read at a time in this process: a poll never overwrites what a flush just sent. */
  #queue: Promise<unknown> = Promise.resolve()
  #stateCache = new Map<string, { state: ChannelState; expires: number }>()

  /** Whether broadcasts travel between workers (Redis), from config/transmit.ts. */
  constructor(private shared: () => boolean) {}

  start() {
    if (this.#started) return
    this.#started = true
    if (!this.shared()) {
      this.#timer = setInterval(() => {
        this.poll().catch((error) => logger.warn({ err: error }, 'live counts poll failed'))
      }, POLL_MS)
      this.#timer.unref()
    }
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    this.#started = false
  }

  /**
   * Whether the petition of `guid` is open (public and open for signing),
   * closed (public, but finished or past its closing date: its counts no
   * longer move) or missing (unknown, a draft, hidden by moderators). Kept a
   * few seconds.
   */
  async channelState(guid: string): Promise<ChannelState> {
    const now = Date.now()
    const cached = this.#stateCache.get(guid)
    if (cached && cached.expires > now) return cached.state
    const state = await channelStateOf(guid)
    this.#stateCache.set(guid, { state, expires: now + STATE_TTL_MS })
    if (this.#stateCache.size > 5000) this.#stateCache.delete(this.#stateCache.keys().next().value!)
    return state
  }

  /**
   * After a counter flush of this process (PetitionChanged with its counts
   * moved): the petitions it moved. With Redis, all of the open ones (every
   * worker's streams hear it); without, those watched here (the other
   * workers' polls see the new counts).
   */
  changed(petitionIds: number[]) {
    if (!this.#started) return
    return this.#serialised(() => this.#broadcastChanged(petitionIds))
  }

  async #broadcastChanged(petitionIds: number[]) {
    if (this.shared()) return broadcast(await openCounts({ ids: petitionIds }))
    const guids = watchedGuids()
    if (guids.length === 0) return
    const rows = await openCounts({ ids: petitionIds, guids })
    // A poll that ran after the commit has already sent these counts.
    const unsent = rows.filter((row) => this.#known.get(row.guid) !== countsKey(row))
    for (const row of unsent) this.#known.set(row.guid, countsKey(row))
    return broadcast(unsent)
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
      return broadcast(moved)
    })
  }

  #serialised<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work)
    this.#queue = next.catch(() => {})
    return next
  }
}

/** One query for an open petition; a second only to tell a closed one from none. */
async function channelStateOf(guid: string): Promise<ChannelState> {
  const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
  const open = await wherePublic(db.from('petitions'))
    .where('guid', guid)
    .where('finished', false)
    .where((date) => date.whereNull('closes_at').orWhere('closes_at', '>', now))
    .select('id')
    .first()
  if (open) return 'open'
  const seen = await wherePublic(db.from('petitions')).where('guid', guid).select('id').first()
  return seen ? 'closed' : 'missing'
}

function countsKey(row: CountsRow) {
  return `${row.support_count}:${row.oppose_count}`
}

/** The guids of the petition channels the streams of this process have joined. */
function watchedGuids() {
  const guids = new Set<string>()
  for (const channels of transmit.getManager().getAllSubscribers().values()) {
    for (const channel of channels) {
      const match = CHANNEL.exec(channel)
      if (match) guids.add(match[1])
    }
  }
  return [...guids]
}

/** The counts of the open petitions among `ids` and/or `guids`: one query. */
function openCounts({ ids, guids }: { ids?: number[]; guids?: string[] }): Promise<CountsRow[]> {
  return wherePublic(db.from('petitions'))
    .where('finished', false)
    .if(ids, (query) => query.whereIn('id', ids!))
    .if(guids, (query) => query.whereIn('guid', guids!))
    .select('id', 'guid', 'support_count', 'oppose_count', 'paper_count', 'target_signatures')
}

/**
 * The last signatures of several petitions in one query: per petition, the
 * same index walk as its page (its newest 10 confirmed, active signatures),
 * joined with UNION ALL; the members among them (for their avatars) in one
 * more.
 */
async function lastSignaturesOf(petitionIds: number[]) {
  const byPetition = new Map<number, Signature[]>(petitionIds.map((id) => [id, []]))
  if (petitionIds.length === 0) return byPetition
  const newest = petitionIds
    .map(
      (_, index) =>
        `SELECT id FROM (SELECT id FROM signatures WHERE petition_id = ? AND active = ? ` +
        `AND confirmed_at IS NOT NULL ORDER BY confirmed_at DESC LIMIT ${LAST_SIGNATURES}) AS last_${index}`
    )
    .join(' UNION ALL ')
  const signatures = await Signature.query()
    .whereIn(
      'id',
      db.raw(
        newest,
        petitionIds.flatMap((id) => [id, true])
      )
    )
    .orderBy('confirmed_at', 'desc')
    .preload('user')
  for (const signature of signatures) byPetition.get(signature.petitionId)?.push(signature)
  return byPetition
}

/** One message per petition, in chunks so that a flush of many petitions stays a few queries. */
async function broadcast(rows: CountsRow[]) {
  for (let start = 0; start < rows.length; start += 100) {
    const chunk = rows.slice(start, start + 100)
    const lastSignatures = await lastSignaturesOf(chunk.map((row) => Number(row.id)))
    for (const row of chunk) {
      const message = messageOf(row, lastSignatures.get(Number(row.id))!)
      transmit.broadcast(
        channelOf(row.guid),
        message as unknown as Parameters<typeof transmit.broadcast>[1]
      )
    }
  }
}

function messageOf(row: CountsRow, signatures: Signature[]): LiveCountsMessage {
  const counts = {
    supportCount: Number(row.support_count),
    opposeCount: Number(row.oppose_count),
    paperCount: Number(row.paper_count),
    targetSignatures: Number(row.target_signatures),
  }
  return {
    // The counts of the page's `petition` prop, by the same definition.
    ...petitionProgress(counts),
    // The anonymous word is the page's to translate: one message serves every language.
    lastSignatures: signatures.map((signature) =>
      new LastSignatureTransformer(signature, '').toObject()
    ),
  }
}

export const liveCounts = new LiveCounts(() => Boolean(app.config.get('transmit.transport', null)))
