import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { affectedRows } from '#support/database_errors'
import type { AccessToken } from '@adonisjs/auth/access_tokens'

/** Paths longer than the column are cut: what a member reads is where the token went. */
const PATH_LENGTH = 255

/** Each request an API token made, kept for its member to read: when, which method, which path. */
export async function recordTokenUse(token: AccessToken, method: string, path: string) {
  await db.table('api_token_uses').insert({
    token_id: Number(token.identifier),
    used_at: DateTime.utc().toJSDate(),
    method,
    path: path.slice(0, PATH_LENGTH),
  })
}

/** How long a token's requests are kept for its member to read. */
export const TOKEN_USES_KEPT_DAYS = 90

/** Forgets the requests older than TOKEN_USES_KEPT_DAYS: the record of uses does not grow for ever. */
export async function pruneTokenUses(now = DateTime.utc()) {
  const cutoff = now.minus({ days: TOKEN_USES_KEPT_DAYS }).toJSDate()
  return affectedRows(await db.from('api_token_uses').where('used_at', '<', cutoff).delete())
}
