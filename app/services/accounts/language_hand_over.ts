import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import LanguageHandOver from '#models/language_hand_over'
import User from '#models/user'
import { rowsOf } from '#support/database_errors'

/** How long the other language's site may take the pass: one redirect, with room for a slow phone. */
export const HAND_OVER_AGE = { seconds: 60 }

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A member leaves for another language's site: a pass only that browser
 * carries there (the token, never stored in clear). Passes nobody took
 * are cleared as new ones are written.
 */
export async function offerHandOver(user: User) {
  const now = DateTime.utc()
  await db
    .from(LanguageHandOver.table)
    .where('expires_at', '<', now.toFormat(db.connection().dialect.dateTimeFormat))
    .delete()
  const token = randomBytes(32).toString('base64url')
  await LanguageHandOver.create({
    userId: user.id,
    tokenHash: hashOf(token),
    expiresAt: now.plus(HAND_OVER_AGE),
  })
  return token
}

/**
 * The member a pass names, once: taking it deletes it in the same
 * statement, so two requests with one token cannot both log in. An
 * expired, used or made-up token names nobody.
 */
export async function takeHandOver(token: string) {
  const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
  const rows = rowsOf<{ user_id: number }>(
    await db.rawQuery(
      `DELETE FROM ${LanguageHandOver.table} WHERE token_hash = ? AND expires_at > ?
       RETURNING user_id`,
      [hashOf(token), now]
    )
  )
  return rows.length ? User.find(rows[0].user_id) : null
}
