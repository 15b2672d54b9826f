import db from '@adonisjs/lucid/services/db'
import PetitionChanged from '#events/petition_changed'
import env from '#start/env'
import type Petition from '#models/petition'
import { countSignature } from '#runtime/signatures/count_deltas'
import { channelOf, type LiveCountsMessage } from '#runtime/live/live_count_messages'
import { liveCountsHub } from '#runtime/live/live_counts'
import { openEventStream, type EventStream } from '#tests/helpers/event_stream'

export type LiveStream = EventStream<LiveCountsMessage>

/** A live-count stream of the test server, opened with `query` and `headers` as a page opens it. */
export function openStream(
  query: Record<string, string>,
  headers: Record<string, string> = {}
): Promise<LiveStream> {
  return openEventStream<LiveCountsMessage>(
    { host: 'localhost', port: env.get('PORT') },
    query,
    headers
  )
}

export async function until(condition: () => boolean, what: string, tries = 100) {
  for (let waited = 0; waited < tries; waited++) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** A stream of the petition's channel, as its page opens it, once the hub holds it. */
export async function watch(petition: Petition) {
  const channel = channelOf(petition.guid)
  const before = liveCountsHub.streamsOf(channel)
  const stream = await openStream({ channel })
  await until(() => liveCountsHub.streamsOf(channel) > before, 'the stream')
  return stream
}

/** Confirmed signatures counted as a confirmation counts them, in one transaction. */
export async function countConfirmed(petition: Petition, signatures: Array<{ score: number }>) {
  await db.transaction(async (trx) => {
    for (const { score } of signatures)
      await countSignature(trx, { petitionId: petition.id, score: score, country: null }, 1)
  })
}

/** Every message this process sent to its streams while `action` ran: one per channel and send. */
export async function messagesDuring(action: () => Promise<unknown>) {
  const seen: Array<{ channel: string; payload: LiveCountsMessage }> = []
  const stop = liveCountsHub.observe((_channel, frame) => {
    seen.push(JSON.parse(frame.toString('utf8').replace(/^data: /, '')))
  })
  try {
    await action()
    await PetitionChanged.handled()
  } finally {
    stop()
  }
  return seen
}
