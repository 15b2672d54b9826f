import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import type { AccessTokenDbColumns } from '@adonisjs/auth/types/access_tokens'
import { storedDateTime } from '#support/stored_dates'

/** A timestamp of the tokens' table as the driver returns it, as a Date (null for none). */
const asDate = (value: unknown) => storedDateTime(value)?.toJSDate() ?? null

/**
 * The members' API tokens, as AdonisJS keeps them, with one rule changed:
 * a token's `last_used_at` moves only once its secret matched and it has
 * not expired. The library's `verify` writes it before checking the
 * secret, so anyone who knows a token's id (ids are sequential) could move
 * any member's "last use" and make the database write on every refused
 * request; here a refused request writes nothing.
 */
export class ApiTokensProvider<Model extends LucidModel> extends DbAccessTokensProvider<Model> {
  /** Dates read back as Dates whatever the driver returns (SQLite may give text). */
  protected dbRowToAccessToken(dbRow: AccessTokenDbColumns) {
    return super.dbRowToAccessToken({
      ...dbRow,
      created_at: asDate(dbRow.created_at) ?? new Date(0),
      updated_at: asDate(dbRow.updated_at) ?? new Date(0),
      last_used_at: asDate(dbRow.last_used_at),
      expires_at: asDate(dbRow.expires_at),
    })
  }

  async verify(tokenValue: Secret<string>) {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded) return null
    const db = await this.getDb()
    const row = await db
      .from(this.table)
      .where({ id: decoded.identifier, type: this.type })
      .limit(1)
      .first()
    if (!row) return null
    const token = this.dbRowToAccessToken(row)
    if (!token.verify(decoded.secret) || token.isExpired()) return null
    token.lastUsedAt = new Date()
    await db
      .from(this.table)
      .where({ id: row.id, type: this.type })
      .update({ last_used_at: token.lastUsedAt })
    return token
  }
}
