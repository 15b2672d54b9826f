import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import { forgetCachedCopies, type PetitionChange } from '#runtime/caches/process_caches'

/** The Redis channel on which processes tell each other what changed. */
export const CHANGES_CHANNEL = 'undersign:petition-changes'

/**
 * Changes are gathered this long before they are published: a confirmation
 * storm publishes a few messages a second, never one per signature.
 */
const GATHER_MS = 50

/** This process, so that it ignores the changes it published itself (it forgot them at once). */
const ownOrigin = randomUUID()

const gathered = { petitionIds: new Set<number>(), countsMoved: false }
let publishTimer: NodeJS.Timeout | null = null
/** Set once the process stops: Redis is about to be closed, and a publish would open it again. */
let stopped = false

/** Whether processes share Redis, and so hear each other's changes. */
function shared() {
  return Boolean(env.get('REDIS_HOST'))
}

/**
 * Tells every other process, on this machine or another, of a change this
 * process made, so that their cached copies go too (through Redis, within
 * about 50 ms). Without Redis there is one machine, and the other workers'
 * copies expire on their own within a second.
 */
export function tellOtherProcesses(change: PetitionChange) {
  if (!shared() || stopped) return
  for (const petitionId of change.petitionIds) gathered.petitionIds.add(petitionId)
  gathered.countsMoved ||= change.countsMoved
  publishTimer ??= setTimeout(publishGathered, GATHER_MS)
}

/**
 * When the process stops, before Redis is closed: what is gathered is
 * published now, and nothing after (a change made later, by the last
 * counter flush, reaches the others when their copies expire, within a
 * second). A publish after Redis closed would open a new connection that
 * keeps the stopping process alive.
 */
export async function stopTellingOtherProcesses() {
  stopped = true
  if (!publishTimer) return
  clearTimeout(publishTimer)
  await publishGathered()
}

/** The message that tells the other processes of a change of this one. */
export function messageOf(change: PetitionChange) {
  return JSON.stringify({ origin: ownOrigin, ...change })
}

function publishGathered() {
  publishTimer = null
  const message = messageOf({
    petitionIds: [...gathered.petitionIds],
    countsMoved: gathered.countsMoved,
  })
  gathered.petitionIds.clear()
  gathered.countsMoved = false
  return redis.publish(CHANGES_CHANNEL, message).then(
    () => {},
    (error) => {
      // Their copies expire on their own within a second: nothing is lost for long.
      logger.warn({ err: error }, 'could not tell the other processes of a petition change')
    }
  )
}

/** A message of the channel, if it is one another process published. */
export function changeFromMessage(message: string): PetitionChange | null {
  try {
    const parsed = JSON.parse(message)
    if (parsed?.origin === ownOrigin || !Array.isArray(parsed?.petitionIds)) return null
    const petitionIds = parsed.petitionIds.filter(Number.isSafeInteger)
    return { petitionIds, countsMoved: parsed.countsMoved === true }
  } catch {
    return null
  }
}

/** From now on, this process forgets its cached copies of what any other process changed. */
export function hearOtherProcesses() {
  if (!shared()) return
  redis.subscribe(CHANGES_CHANNEL, (message) => {
    const change = changeFromMessage(message)
    if (change) forgetCachedCopies(change)
  })
}

/**
 * Runs `forget` each time this process hears other processes again after
 * Redis was away: what they told meanwhile was lost, so whatever it keeps
 * may be stale. Not on the first connection: nothing was missed yet. Told
 * by the connection's loss rather than by counting its connections, since
 * another subscriber may have connected it before this one listened.
 */
export function afterMissedChanges(forget: () => void) {
  if (!shared()) return
  let missedSome = false
  const connection = redis.connection()
  connection.on('subscriber:close', () => {
    missedSome = true
  })
  connection.on('subscriber:ready', () => {
    if (missedSome) forget()
    missedSome = false
  })
}
