import db from '@adonisjs/lucid/services/db'
import type { AccessToken } from '@adonisjs/auth/access_tokens'
import User from '#models/user'
import NotFoundException from '#exceptions/not_found_exception'
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKENS_PER_MEMBER,
  type ApiAbility,
  type ApiTokenUse,
} from '#shared/api_access'
import { storedDateTime } from '#support/stored_dates'

/** What a member asks for (validated by `apiTokenValidator`); 90 days when no lifetime is said. */
export type NewApiToken = { name: string; abilities: ApiAbility[]; expiresInDays?: number }

/** A new token with its secret value: shown to its member once, kept nowhere. */
export type CreatedApiToken = { token: AccessToken; value: string }

/** Refused: the member already holds as many live tokens as a member may. */
export class TooManyApiTokens extends Error {
  constructor() {
    super(`A member holds at most ${API_TOKENS_PER_MEMBER} live API tokens`)
  }
}

/** The member's tokens that have not expired, up to the one with id `upToId`. */
async function liveTokensUpTo(user: User, upToId: number) {
  const [row] = await db
    .from('api_tokens')
    .where('tokenable_id', user.id)
    .where('id', '<=', upToId)
    .where((live) => live.whereNull('expires_at').orWhere('expires_at', '>', new Date()))
    .count('* as total')
  return Number(row.total)
}

/**
 * Makes a token for the member. Past the limit of live tokens the new one
 * is taken back: counted up to its own id, two tokens made at the same
 * moment cannot both pass as the last one allowed.
 */
export async function createApiToken(user: User, wanted: NewApiToken): Promise<CreatedApiToken> {
  const token = await User.apiTokens.create(user, [...new Set(wanted.abilities)], {
    name: wanted.name,
    expiresIn: `${wanted.expiresInDays ?? API_TOKEN_DEFAULT_DAYS} days`,
  })
  const id = Number(token.identifier)
  if ((await liveTokensUpTo(user, id)) > API_TOKENS_PER_MEMBER) {
    await db.from('api_tokens').where('id', id).delete()
    throw new TooManyApiTokens()
  }
  return { token, value: token.value!.release() }
}

/** Every token of the member, newest first, the expired ones too (until revoked). */
export async function apiTokensOf(user: User) {
  const tokens = await User.apiTokens.all(user)
  return tokens.sort((a, b) => Number(b.identifier) - Number(a.identifier))
}

/** Deletes one of the member's tokens (its uses go with it); another's or an unknown one is a 404. */
export async function revokeApiToken(user: User, tokenId: number) {
  if ((await User.apiTokens.delete(user, tokenId)) === 0) throw new NotFoundException()
}

/** How many uses of a token its member sees: the latest. */
export const SHOWN_USES = 20

function useOf(row: { used_at: unknown; method: string; path: string }): ApiTokenUse {
  return {
    usedAt: storedDateTime(row.used_at)?.toISO() ?? null,
    method: row.method,
    path: row.path,
  }
}

/** The latest uses of one of the member's tokens, newest first; another's or an unknown one is a 404. */
export async function usesOfApiToken(user: User, tokenId: number) {
  if (!(await User.apiTokens.find(user, tokenId))) throw new NotFoundException()
  const rows = await db
    .from('api_token_uses')
    .where('token_id', tokenId)
    .orderBy('id', 'desc')
    .limit(SHOWN_USES)
  return rows.map(useOf)
}

/**
 * The latest uses of each of these tokens, in one query (a window over each
 * token's uses), by token id.
 */
export async function latestUsesOf(tokenIds: number[]) {
  const uses = new Map<number, ApiTokenUse[]>(tokenIds.map((id) => [id, []]))
  if (tokenIds.length === 0) return uses
  const numbered = db
    .from('api_token_uses')
    .whereIn('token_id', tokenIds)
    .select('token_id', 'used_at', 'method', 'path', 'id')
    .select(db.raw('row_number() over (partition by token_id order by id desc) as place'))
  const rows = await db
    .from(numbered.as('numbered'))
    .where('place', '<=', SHOWN_USES)
    .orderBy('token_id')
    .orderBy('id', 'desc')
  for (const row of rows) uses.get(Number(row.token_id))?.push(useOf(row))
  return uses
}

/**
 * The member's tokens for their data export: names, abilities, dates and
 * every use recorded. Never a hash: it would help no one but a guesser.
 */
export async function apiTokensForExport(user: User) {
  const newestFirst = await apiTokensOf(user)
  const tokens = newestFirst.reverse()
  const ids = tokens.map((token) => Number(token.identifier))
  const uses = new Map<number, ApiTokenUse[]>(ids.map((id) => [id, []]))
  if (ids.length > 0) {
    const rows = await db.from('api_token_uses').whereIn('token_id', ids).orderBy('id')
    for (const row of rows) uses.get(Number(row.token_id))?.push(useOf(row))
  }
  return tokens.map((token) => ({
    name: token.name,
    abilities: token.abilities,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    expiresAt: token.expiresAt?.toISOString() ?? null,
    uses: uses.get(Number(token.identifier)) ?? [],
  }))
}
