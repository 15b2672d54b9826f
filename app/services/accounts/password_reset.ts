import { DateTime } from 'luxon'
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User, { ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import PasswordResetMail from '#mails/password_reset_mail'
import { site } from '#config/site'
import { voidEarlierClaims } from '#services/accounts/mailbox_proof'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'
import SendMailJob from '#jobs/send_mail_job'

const TOKEN_LIFETIME_MINUTES = 60

function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Mails a reset link when the address belongs to a member; does nothing
 * otherwise, so the answer never tells whether an account exists.
 */
export async function requestPasswordReset(email: string, locale: string) {
  const user = await User.findBy('email', email.trim().toLowerCase())
  if (!user) return

  const token = randomBytes(32).toString('base64url')
  await PasswordResetToken.create({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: DateTime.now().plus({ minutes: TOKEN_LIFETIME_MINUTES }),
  })
  const prefixUrl = site.urlFor(isLocale(locale) ? locale : DEFAULT_LOCALE)
  const resetUrl = urlFor('auth.password.edit', { token }, { prefixUrl, qs: { email: user.email } })
  await SendMailJob.dispatchMails([new PasswordResetMail(user, locale, resetUrl)])
}

/**
 * Sets a new password from a mailed token. The token must match the address,
 * be unused and younger than 60 minutes; it is spent in the same transaction
 * as the password change, with every other token of that member. The token
 * proves the mailbox: an unverified account becomes verified and loses its
 * provider links, and whatever was started before (a pending move to another
 * address, account links) ends; the caller ends the other sessions.
 * Returns the member, or null when the token is not valid.
 */
export async function resetPassword(email: string, token: string, password: string) {
  return db.transaction(async (trx) => {
    const record = await PasswordResetToken.query({ client: trx })
      .where('token_hash', hashToken(token))
      .preload('user')
      .first()
    const valid =
      record &&
      !record.usedAt &&
      record.expiresAt > DateTime.now() &&
      record.user.email === email.trim().toLowerCase()
    if (!valid) return null

    // Spend the token first: of two resets racing with it, only one wins.
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    const spent = await trx
      .from('password_reset_tokens')
      .where('id', record.id)
      .whereNull('used_at')
      .update({ used_at: now })
    if (Number(spent) !== 1) return null

    const user = record.user
    user.useTransaction(trx)
    user.password = password
    // The mailed token proves the mailbox, as the verification link does. A
    // provider linked to an unverified account came with an address it did
    // not vouch for (or someone else's account): the owner alone keeps it.
    if (user.role === ROLE_UNVERIFIED) {
      user.merge({ role: ROLE_MEMBER, githubId: null, googleId: null })
    }
    voidEarlierClaims(user)
    await user.save()
    await trx
      .from('password_reset_tokens')
      .where('user_id', user.id)
      .whereNull('used_at')
      .update({ used_at: now })
    return user
  })
}
