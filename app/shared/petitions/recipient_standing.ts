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
  /** When the petition was first mailed to them (ISO, UTC), or null: not yet. */
  deliveredAt: string | null
  /** The milestone (confirmed supporters) of that first mail, or null. */
  milestone: number | null
  /** When they first answered (ISO, UTC), or null. */
  answeredAt: string | null
  /** Their first published response, for a link to it; null when none is published. */
  responseId: number | null
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days from an ISO moment to `now` (ms), never below 0. */
export function daysSince(iso: string, now: number) {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS))
}
