/*
|--------------------------------------------------------------------------
| Route parameter matchers
|--------------------------------------------------------------------------
|
| A URL whose id, guid or slug cannot name a row answers 404 before any
| controller runs, on SQLite and PostgreSQL alike: PostgreSQL refuses a
| malformed uuid, an id beyond its integer column or a NUL in text with an
| error, not with "no row".
|
*/
import type { RouteMatcher } from '@adonisjs/core/types/http'
import type { Router } from '@adonisjs/core/http'
import { PETITION_ACTIONS } from '#shared/moderation'

const SLUG = '(?=.{1,160}$)[a-z0-9]+(?:-[a-z0-9]+)*'

/** 1 to 2147483647, the ids an integer column holds, without leading zeros. */
const DATABASE_ID =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/

export const matchers = {
  /** A row id (signatures, subscriptions, users), cast to a number. */
  id: { match: DATABASE_ID, cast: (value: string) => Number(value) },

  /** A petition's guid: a UUID in any case, compared in lower case. */
  guid: {
    match: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    cast: (value: string) => value.toLowerCase(),
  },

  /** A petition's slug as the slug service makes them: a-z, 0-9 and single dashes. */
  slug: { match: new RegExp(`^${SLUG}$`) },

  /** A mailed password-reset token (base64url). */
  token: { match: /^[A-Za-z0-9_-]{16,200}$/ },

  /** What a moderator may do to a petition. */
  petitionAction: { match: new RegExp(`^(?:${PETITION_ACTIONS.join('|')})$`) },

  /** A mail of the local outbox: its time and a UUID. */
  outboxMailId: {
    match: /^\d{1,16}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  },
} satisfies Record<string, RouteMatcher>

/**
 * Every route's :id, :guid, :slug and :token get their matcher, set once for
 * the router: a new route cannot forget it. A route may still narrow one
 * (a slug with an extension).
 */
export function useParamMatchers(router: Router) {
  for (const param of ['id', 'guid', 'slug', 'token'] as const) router.where(param, matchers[param])
}

/**
 * A slug with a file extension, as in `/petition/:slug.json`: the router
 * tests the whole segment and hands the controller the slug alone.
 */
export function slugWithExtension(extension: string): RouteMatcher & { match: RegExp } {
  const slug = SLUG.replace('$)', `\\.${extension}$)`)
  return { match: new RegExp(`^${slug}\\.${extension}$`) }
}
