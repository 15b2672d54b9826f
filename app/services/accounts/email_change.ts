import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import type { HttpRequest } from '@adonisjs/core/http'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import User, { ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'
import EmailChangeConfirmationMail from '#mails/email_change_confirmation_mail'
import EmailChangeNoticeMail from '#mails/email_change_notice_mail'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { requireCurrentPassword } from '#services/accounts/current_password'
import { isUniqueViolation } from '#services/database_errors'
import { mailGuard } from '#services/mail/mail_guard'
import { site } from '#services/http/site'
import { localeOf } from '#app/i18n/locales'

/** How long the link mailed to the new address works. */
const LINK_LIFETIME = '24h'

/**
 * What the link is signed for: the move from the current address to the
 * pending one. Asking for another address, or any change of the current
 * one, makes every earlier link invalid; so does following it.
 */
function linkPurpose(user: User) {
  return `change-email:${user.id}:${user.email}:${user.pendingEmail}`
}

/**
 * Asks to move the account to `email`: nothing changes but the pending
 * address until the link mailed there is followed. The current address is
 * told, so that its owner notices a change they did not ask for.
 *
 * The current password proves that the member, not someone at their
 * unattended session, moves the account (whoever holds its address can set
 * its password). An account without one (made through GitHub or Google)
 * sets one first, from a link mailed to its current address.
 */
export async function requestEmailChange(
  user: User,
  { email, currentPassword }: { email: string; currentPassword?: string | null },
  locale: string
) {
  if (!user.password) throw new RefusedFieldsException([{ field: 'email', rule: 'passwordFirst' }])
  await requireCurrentPassword(user, currentPassword)
  const address = email.trim().toLowerCase()
  if (address === user.email) {
    throw new RefusedFieldsException([{ field: 'email', rule: 'sameEmail' }])
  }
  // Anyone with an account could aim these links at any mailbox: an hourly allowance per address.
  if (!(await mailGuard.allows(address, 'emailChangeMails'))) {
    throw new RefusedFieldsException([{ field: 'email', rule: 'emailChangeLimited' }])
  }
  user.pendingEmail = address
  await user.save()

  const mailLocale = localeOf({ locale })
  const confirmUrl = signedUrlFor(
    'account.email.confirm',
    { id: user.id },
    { prefixUrl: site.urlFor(mailLocale), expiresIn: LINK_LIFETIME, purpose: linkPurpose(user) }
  )
  await mail.sendLater(new EmailChangeConfirmationMail(user, address, mailLocale, confirmUrl))
  await mail.sendLater(new EmailChangeNoticeMail(user, address, mailLocale))
}

/** Forgets the pending address: its link stops working. */
export async function cancelEmailChange(user: User) {
  user.pendingEmail = null
  await user.save()
}

/** The member a mailed change link is for, when it is valid: signed, unexpired, still the latest. */
export async function emailChangeOfLink(request: HttpRequest, userId: number) {
  const user = await User.find(userId)
  if (!user?.pendingEmail || !request.hasValidSignature(linkPurpose(user))) return null
  return user
}

/** Another account took the address between the request and the link. */
export class EmailTaken extends Error {}

/**
 * Moves the account to its pending address. The link proves the new
 * mailbox, so an unverified account becomes verified. Another account may
 * have taken the address since it was asked for: the unique indexes on the
 * e-mail and its mailbox decide, even between two requests racing for it,
 * and the pending address is then dropped (EmailTaken). Null when the
 * change was cancelled or replaced meanwhile.
 */
export async function confirmEmailChange(user: User) {
  const address = user.pendingEmail
  try {
    // In its own transaction (a savepoint inside an outer one), so that a
    // refused update leaves any surrounding transaction usable on PostgreSQL.
    return await db.transaction(async (trx) => {
      const member = await User.findOrFail(user.id, { client: trx })
      // Cancelled or replaced since the link was checked: the link is spent.
      if (!address || member.pendingEmail !== address) return null
      member.merge({ email: address, pendingEmail: null })
      if (member.role === ROLE_UNVERIFIED) member.role = ROLE_MEMBER
      await member.save()
      return member
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    await db.from('users').where('id', user.id).update({ pending_email: null })
    throw new EmailTaken()
  }
}
