import type User from '#models/user'
import RefusedFieldsException from '#exceptions/refused_fields_exception'

/**
 * Changing the password or the e-mail, or deleting the account, asks for the
 * current password, so that someone at a member's unattended session cannot
 * take the account over or delete it. A wrong or missing one is refused
 * under `field`, as a validator would. An account without a password (made
 * through GitHub or Google) has nothing to type: callers decide what such an
 * account must prove instead.
 */
export async function requireCurrentPassword(
  user: User,
  given: string | null | undefined,
  field = 'currentPassword'
) {
  if (!user.password) return
  if (!given) throw new RefusedFieldsException([{ field, rule: 'required' }])
  if (!(await user.verifyPassword(given))) {
    throw new RefusedFieldsException([{ field, rule: 'wrongPassword' }])
  }
}
