/**
 * Where each of a petition's decision makers stands: told of it or not,
 * answered or not. Shared by the server and the petition page: keep this
 * file free of server imports. A recipient's address is never part of it.
 */
export type RecipientStatus = 'answered' | 'awaiting' | 'not_told'

export type RecipientStanding = {
  /** The letter recipient's id (page anchors only). */
  id: number
  name: string
  /** Their designation, as the letter names it ('' when none). */
  role: string
  status: RecipientStatus
  /** When the petition's first mail to them left (ISO, UTC), or null: not yet. */
  deliveredAt: string | null
  /** The day it was first handed to them in person (ISO date), or null. */
  handedOverOn: string | null
  /** The milestone (confirmed supporters) of that first mail, or null. */
  milestone: number | null
  /** When they first answered (ISO, UTC), or null. */
  answeredAt: string | null
  /** Their first published response, for a link to it; null when none is published. */
  responseId: number | null
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Since when an answer has been awaited: the first mail that left or the
 * first hand-over in person, whichever came first (ISO), or null.
 */
export function awaitedSince(standing: Pick<RecipientStanding, 'deliveredAt' | 'handedOverOn'>) {
  const moments = [standing.deliveredAt, standing.handedOverOn].filter(
    (moment): moment is string => moment !== null
  )
  return moments.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null
}

/** Whole days from an ISO moment to `now` (ms), never below 0. */
export function daysSince(iso: string, now: number) {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS))
}
