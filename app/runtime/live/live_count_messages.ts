import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Signature from '#models/signature'
import { LAST_SIGNATURES } from '#shared/petitions/constants'
import { petitionProgress } from '#shared/petitions/progress'
import LiveSignatureTransformer from '#transformers/live_signature_transformer'
import type { LiveSignature } from '#shared/petitions/live_signatures'
import { wherePublic } from '#support/petition_visibility'

/** The stream channel of an open petition's page: its guid, which the page shows anyway. */
export const CHANNEL = /^petitions\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

export function channelOf(guid: string) {
  return `petitions/${guid}`
}

/** The guid a channel names (it must be one: `isPetitionChannel`). */
export function guidOf(channel: string) {
  return CHANNEL.exec(channel)![1]
}

/** Whether `value` names a petition's channel (lower-case guid, as pages subscribe). */
export function isPetitionChannel(value: unknown): value is string {
  return typeof value === 'string' && CHANNEL.test(value)
}

/**
 * What an open page hears after a flush moved its petition's counts, and
 * what the counts document says: the count fields of the page's `petition`
 * prop, the two sides' counts, and its last signatures (`LiveSignature`:
 * the page's list, with initials avatars as their letters and colour). A
 * signer who chose to be anonymous comes with `anonymous: true` and no
 * name: the page shows the word in its own language.
 */
export type LiveCountsMessage = ReturnType<typeof petitionProgress> & {
  lastSignatures: LiveSignature[]
}

/** An open petition's counts, as one query reads them for several. */
export type CountsRow = {
  id: number
  guid: string
  support_count: number | string
  oppose_count: number | string
  paper_count: number | string
  verified_count: number | string
  target_signatures: number | string
}

/**
 * Whether a petition's counts can move: open (public and open for signing),
 * closed (public, but finished or past its closing date) or missing
 * (unknown, a draft, hidden by moderators).
 */
export type ChannelState = 'open' | 'closed' | 'missing'

/** One query for an open petition; a second only to tell a closed one from none. */
export async function channelStateOf(guid: string): Promise<ChannelState> {
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

/** The counts of the open petitions among `ids` and/or `guids`: one query. */
export function openCounts({
  ids,
  guids,
}: {
  ids?: number[]
  guids?: string[]
}): Promise<CountsRow[]> {
  return wherePublic(db.from('petitions'))
    .where('finished', false)
    .if(ids, (query) => query.whereIn('id', ids!))
    .if(guids, (query) => query.whereIn('guid', guids!))
    .select(
      'id',
      'guid',
      'support_count',
      'oppose_count',
      'paper_count',
      'verified_count',
      'target_signatures'
    )
}

/** Two rows say the same counts. */
export function countsKey(row: CountsRow) {
  return `${row.support_count}:${row.oppose_count}:${row.paper_count}:${row.verified_count}`
}

/**
 * The message of each row's petition, with its last signatures: one query
 * for up to 100 petitions (their newest signatures) and one for the
 * members among the signers (their avatars).
 */
export async function liveCountsMessages(rows: CountsRow[]) {
  const messages: Array<{ guid: string; message: LiveCountsMessage }> = []
  for (let start = 0; start < rows.length; start += 100) {
    const chunk = rows.slice(start, start + 100)
    const lastSignatures = await lastSignaturesOf(chunk.map((row) => Number(row.id)))
    for (const row of chunk) {
      messages.push({
        guid: row.guid,
        message: messageOf(row, lastSignatures.get(Number(row.id))!),
      })
    }
  }
  return messages
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

function messageOf(row: CountsRow, signatures: Signature[]): LiveCountsMessage {
  const counts = {
    supportCount: Number(row.support_count),
    opposeCount: Number(row.oppose_count),
    paperCount: Number(row.paper_count),
    verifiedCount: Number(row.verified_count),
    targetSignatures: Number(row.target_signatures),
  }
  return {
    // The counts of the page's `petition` prop, by the same definition.
    ...petitionProgress(counts),
    lastSignatures: signatures.map((signature) =>
      new LiveSignatureTransformer(signature).toObject()
    ),
  }
}
