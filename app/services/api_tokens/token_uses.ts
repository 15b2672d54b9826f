import db from '@adonisjs/lucid/services/db'
import type { AccessToken } from '@adonisjs/auth/access_tokens'

/** Paths longer than the column are cut: what a member reads is where the token went. */
const PATH_LENGTH = 255

/** Each request an API token made, kept for its member to read: when, which method, which path. */
export async function recordTokenUse(token: AccessToken, method: string, path: string) {
  await db.table('api_token_uses').insert({
    token_id: Number(token.identifier),
    used_at: new Date(),
    method,
    path: path.slice(0, PATH_LENGTH),
  })
}
