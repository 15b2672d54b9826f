import db from '@adonisjs/lucid/services/db'
import ModerationEvent, {
  MODERATION_ACTIONS,
  type ModerationAction,
} from '#models/moderation_event'
import Petition from '#models/petition'
import User from '#models/user'

export const LOG_PER_PAGE = 50

/** The log's filters: an action, and an actor (a moderator's id, or `console`); `all` for none. */
export type LogFilters = { action: ModerationAction | 'all'; actor: string }

/** Someone who appears in the trail, as the log's select offers them. */
export type TrailActor = { value: string; name: string }

const CONSOLE = 'console'

/**
 * The actors of the trail: each moderator once, under the name of their
 * latest entry, by name; then the command line, when it acted.
 */
export async function actorsOfTrail(): Promise<TrailActor[]> {
  const latest = db.from('moderation_events').max('id as id').groupBy('actor_id')
  const rows: Array<{ actor_id: number | null; actor_name: string }> = await db
    .from('moderation_events')
    .whereIn('id', latest)
    .select('actor_id', 'actor_name')
  const moderators = rows
    .filter((row) => row.actor_id !== null)
    .map((row) => ({ value: String(row.actor_id), name: row.actor_name }))
    .sort((a, b) => a.name.localeCompare(b.name))
  const commandLine = rows.find((row) => row.actor_id === null)
  if (!commandLine) return moderators
  return [...moderators, { value: CONSOLE, name: commandLine.actor_name }]
}

/**
 * The filters a request asks for, read as a list is browsed: a value that
 * names no action, or no actor of the trail, reads as "all", never as an
 * error.
 */
export function logFilters(input: { action?: unknown; actor?: unknown }, actors: TrailActor[]) {
  const { action, actor } = input
  const known = MODERATION_ACTIONS as readonly unknown[]
  return {
    action: known.includes(action) ? (action as ModerationAction) : 'all',
    actor: actors.some((candidate) => candidate.value === actor) ? (actor as string) : 'all',
  } satisfies LogFilters
}

/** The filters that differ from "all", for the page links. */
export function logQueryString(filters: LogFilters) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== 'all'))
}

/**
 * One page of the trail, newest first, filtered; with the titles of the
 * petitions its entries name (those still there) and the names of the
 * members (a role change).
 */
export async function moderationLog(filters: LogFilters, page: number) {
  const query = ModerationEvent.query().orderBy('id', 'desc')
  if (filters.action !== 'all') query.where('action', filters.action)
  if (filters.actor === CONSOLE) query.whereNull('actor_id')
  else if (filters.actor !== 'all') query.where('actor_id', Number(filters.actor))
  const entries = await query.paginate(page, LOG_PER_PAGE)
  const named = (key: 'petitionId' | 'userId') => [
    ...new Set(entries.all().flatMap((entry) => (entry[key] === null ? [] : [entry[key]]))),
  ]
  const [petitions, members] = await Promise.all([
    Petition.query().whereIn('id', named('petitionId')).select('id', 'title'),
    User.query().whereIn('id', named('userId')).select('id', 'first_name', 'last_name'),
  ])
  return {
    entries,
    petitionTitles: new Map(petitions.map((petition) => [petition.id, petition.title])),
    memberNames: new Map(members.map((member) => [member.id, member.fullName])),
  }
}
