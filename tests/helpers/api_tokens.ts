import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import type { ApiAbility } from '#shared/api_access'

/** A new API token of `member`'s, as its secret (`ust_…`) shown once at its creation. */
export async function apiTokenOf(
  member: User,
  abilities: ApiAbility[],
  name = 'CRM sync'
): Promise<string> {
  const token = await User.apiTokens.create(member, abilities, { name, expiresIn: '30 days' })
  return token.value!.release()
}

/** The token's row, expired a minute ago. */
export async function expireApiToken(secret: string) {
  const id = identifierOf(secret)
  // A Date, as the tokens provider writes it (SQLite keeps it as a number, which it reads back).
  await db
    .from('api_tokens')
    .where('id', id)
    .update({ expires_at: new Date(Date.now() - 60_000) })
}

/** Revokes the token (its row goes, as the token's owner revoking it leaves it). */
export async function revokeApiToken(member: User, secret: string) {
  await User.apiTokens.delete(member, identifierOf(secret))
}

/** A token's row id: the secret is `ust_<base64 of the id>.<secret>`. */
function identifierOf(secret: string) {
  const encoded = secret.slice('ust_'.length).split('.')[0]
  return Number(Buffer.from(encoded, 'base64url').toString('utf8'))
}
