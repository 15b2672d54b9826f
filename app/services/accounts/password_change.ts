import type User from '#models/user'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { requireCurrentPassword } from '#services/accounts/current_password'
import { endOtherSessions } from '#services/accounts/sessions'
import { requestPasswordReset } from '#services/accounts/password_reset'
import { mailGuard } from '#runtime/mail/mail_guard'

type PasswordChange = { currentPassword: string; password: string }

/**
 * A new password for an account that has one, after its current one. Every
 * other session of the member ends (a thief's among them); the one that
 * changed it stays logged in.
 */
export async function changePassword(
  user: User,
  { currentPassword, password }: PasswordChange,
  currentSessionId: string | null
) {
  // An account without a password sets its first one from a mailed link.
  if (!user.password) throw new RefusedFieldsException([{ field: 'password', rule: 'noPassword' }])
  await requireCurrentPassword(user, currentPassword)
  user.password = password
  await user.save()
  await endOtherSessions(user, currentSessionId)
}

/**
 * An account made through GitHub or Google gets its first password from a
 * reset link mailed to its address, never from its session alone: the link
 * proves that whoever sets it holds the mailbox, so someone at the member's
 * unattended session cannot add a way in of their own. False, and nothing
 * sent, when the address had enough of those mails this hour.
 */
export async function mailPasswordSetLink(user: User, locale: string) {
  if (!(await mailGuard.allows(user.email, 'passwordResetMails'))) return false
  await requestPasswordReset(user.email, locale)
  return true
}
