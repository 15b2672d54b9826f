import db from '@adonisjs/lucid/services/db'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import EmailChangeConfirmationMail from '#mails/email_change_confirmation_mail'
import EmailChangeNoticeMail from '#mails/email_change_notice_mail'
import EmailChangedMail from '#mails/email_changed_mail'
import EmailInUseMail from '#mails/email_in_use_mail'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { requireCurrentPassword } from '#services/accounts/current_password'
import {
  accountLinksVersionOf,
  accountOfLink,
  voidEarlierClaims,
} from '#services/accounts/mailbox_proof'
import { endAllSessions } from '#services/accounts/sessions'
import { requestPasswordReset } from '#services/accounts/password_reset'
import { isUniqueViolation } from '#support/database_errors'
import { normalizeEmail } from '#support/email_normalizer'
import { mailGuard } from '#runtime/mail/mail_guard'
import { site } from '#config/site'
import { localeOf } from '#app/i18n/locales'
import type { SignedFor } from '#support/http/signed_links'
import SendMailJob from '#jobs/send_mail_job'

/** How long the link mailed to the new address works. */
const LINK_LIFETIME = '24h'
/** How long the old address may undo a move it did not ask for. */
const UNDO_LIFETIME = '7 days'

/**
 * What the link is signed for: the move from the current address to the
 * pending one. Asking for another address, any change of the current one,
 * or a proof of the mailbox makes every earlier link invalid; so does
 * following it.
 */
function linkPurpose(user: User) {
  return `change-email:${user.id}:${user.email}:${user.pendingEmail}:${accountLinksVersionOf(user)}`
}

/** Whether another account holds the mailbox of `address`, in any spelling. */
async function heldByAnotherAccount(address: string, userId: number) {
  const holder = await User.query()
    .whereNot('id', userId)
    .where((query) =>
      query.where('email_normalized', normalizeEmail(address)).orWhere('email', address)
    )
    .first()
  return Boolean(holder)
}

/**
 * Asks to move the account to `email`: nothing changes but the pending
 * address until the link mailed there is followed. The current address is
 * told, so that its owner notices a change they did not ask for.
 *
 * - Only a verified account moves: an unverified one may be a stranger's
 *   registration of someone else's address (a typo is fixed by signing up
 *   again).
 * - The current password comes first: it proves that the member, not
 *   someone at their unattended session, moves the account (whoever holds
 *   its address can set its password). An account without one (made
 *   through GitHub or Google) sets one first, from a link mailed to it.
 * - The answer never tells whether another account holds the new address:
 *   such an address gets a mail saying so instead of a link, drawing on the
 *   same hourly allowance, and the account shows the same pending address,
 *   which no link can ever confirm.
 */
export async function requestEmailChange(
  user: User,
  { email, currentPassword }: { email: string; currentPassword?: string | null },
  locale: string
) {
  if (!user.isVerified) throw new RefusedFieldsException([{ field: 'email', rule: 'verifyFirst' }])
  if (!user.password) throw new RefusedFieldsException([{ field: 'email', rule: 'passwordFirst' }])
  await requireCurrentPassword(user, currentPassword)
  const address = email.trim().toLowerCase()
  if (address === user.email) {
    throw new RefusedFieldsException([{ field: 'email', rule: 'sameEmail' }])
  }
  // Anyone with an account could aim these mails at any mailbox: an hourly allowance per address.
  if (!(await mailGuard.allows(address, 'emailChangeMails'))) {
    throw new RefusedFieldsException([{ field: 'email', rule: 'emailChangeLimited' }])
  }
  const taken = await heldByAnotherAccount(address, user.id)
  user.pendingEmail = address
  await user.save()

  const mailLocale = localeOf({ locale })
  if (taken) {
    await SendMailJob.dispatchMails([new EmailInUseMail(address, mailLocale)])
  } else {
    const confirmUrl = signedUrlFor(
      'account.email.confirm',
      { id: user.id },
      { prefixUrl: site.urlFor(mailLocale), expiresIn: LINK_LIFETIME, purpose: linkPurpose(user) }
    )
    await SendMailJob.dispatchMails([
      new EmailChangeConfirmationMail(user, address, mailLocale, confirmUrl),
    ])
  }
  await SendMailJob.dispatchMails([new EmailChangeNoticeMail(user, address, mailLocale)])
}

/** Forgets the pending address: its link stops working. */
export async function cancelEmailChange(user: User) {
  user.pendingEmail = null
  await user.save()
}

/** The member a mailed change link is for, when it is valid: signed, unexpired, still the latest. */
export async function emailChangeOfLink(userId: number, signed: SignedFor) {
  const user = await accountOfLink(userId, linkPurpose, signed)
  return user?.pendingEmail && user.isVerified ? user : null
}

/** Another account took the address between the request and the link. */
export class EmailTaken extends Error {}

/**
 * Moves the account to its pending address, and mails the address it
 * leaves what changed, when, and a link that undoes it for 7 days. Another
 * account may have taken the address since it was asked for: the unique
 * indexes on the e-mail and its mailbox decide, even between two requests
 * racing for it, and the pending address is then dropped (EmailTaken). Null
 * when the change was cancelled or replaced meanwhile.
 */
export async function confirmEmailChange(user: User, locale = user.locale) {
  const address = user.pendingEmail
  const previous = user.email
  let moved: User | null
  try {
    // In its own transaction (a savepoint inside an outer one), so that a
    // refused update leaves any surrounding transaction usable on PostgreSQL.
    moved = await db.transaction(async (trx) => {
      const member = await User.query({ client: trx }).where('id', user.id).forUpdate().first()
      // Cancelled, replaced or voided since the link was checked: the link is spent.
      if (!member || !address || member.pendingEmail !== address || member.email !== previous) {
        return null
      }
      member.merge({ email: address, pendingEmail: null })
      await member.useTransaction(trx).save()
      return member
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    await db.from('users').where('id', user.id).update({ pending_email: null })
    throw new EmailTaken()
  }
  if (moved) await mailUndoLink(moved, previous, localeOf({ locale }))
  return moved
}

/**
 * What an undo link is signed for: this account, still at the address it
 * moved to. The address it left travels in the signed link itself. A proof
 * of the new mailbox does not void it: whoever moved the account away
 * without its owner holds that mailbox.
 */
function undoPurpose(user: User) {
  return `undo-email-change:${user.id}:${user.email}`
}

async function mailUndoLink(user: User, previous: string, locale: ReturnType<typeof localeOf>) {
  const undoUrl = signedUrlFor(
    'account.email.undo',
    { id: user.id },
    {
      prefixUrl: site.urlFor(locale),
      expiresIn: UNDO_LIFETIME,
      purpose: undoPurpose(user),
      qs: { from: previous },
    }
  )
  await SendMailJob.dispatchMails([
    new EmailChangedMail(user, previous, new Date(), locale, undoUrl),
  ])
}

/** The account and the address an undo link brings it back to, when the link is valid. */
export async function undoOfLink(userId: number, from: unknown, signed: SignedFor) {
  const user = await accountOfLink(userId, undoPurpose, signed)
  return user && typeof from === 'string' ? { user, from } : null
}

/**
 * The undo link's button: the account goes back to the address it left,
 * as someone who may know its password moved it. Its password and provider
 * links are removed, whatever was started on it ends (pending move, account
 * links, every session) and a link to choose a new password is mailed to
 * the restored address. EmailTaken when another account holds that address
 * now; null when the account has moved on since (the link is spent).
 */
export async function undoEmailChange(user: User, from: string, locale: string) {
  const movedTo = user.email
  let restored: User | null
  try {
    restored = await db.transaction(async (trx) => {
      const member = await User.query({ client: trx }).where('id', user.id).forUpdate().first()
      if (!member || member.email !== movedTo) return null
      member.merge({ email: from, password: null, githubId: null, googleId: null })
      voidEarlierClaims(member)
      await member.useTransaction(trx).save()
      return member
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw new EmailTaken()
  }
  if (!restored) return null
  await endAllSessions(restored)
  await requestPasswordReset(restored.email, locale)
  return restored
}
