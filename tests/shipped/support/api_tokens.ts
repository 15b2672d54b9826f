import { AccessToken } from '@adonisjs/auth/access_tokens'
import { API_TOKEN_PREFIX, type ApiAbility } from '#shared/api_access'
import { shippedDb } from '#tests/shipped/support/shipped_app'

/**
 * An API token of the shipped app's member with `email`, written into its
 * database as the tokens provider writes one (a hash of the secret), valid
 * for a day; its secret, `ust_…`, as the member is shown it once.
 */
export async function shippedApiToken(email: string, abilities: ApiAbility[]) {
  const user: { id: number } = await shippedDb().from('users').where('email', email).firstOrFail()
  const { secret, hash } = AccessToken.seed(40)
  const now = new Date()
  const [row] = await shippedDb()
    .table('api_tokens')
    .insert({
      tokenable_id: user.id,
      type: 'api_token',
      name: 'Fuzz',
      hash,
      abilities: JSON.stringify(abilities),
      created_at: now,
      updated_at: now,
      last_used_at: null,
      expires_at: new Date(now.getTime() + 24 * 3600 * 1000),
    })
    .returning('id')
  const id = typeof row === 'object' ? row.id : row
  const encode = (text: string) => Buffer.from(text).toString('base64url')
  return `${API_TOKEN_PREFIX}${encode(String(id))}.${encode(secret.release())}`
}
