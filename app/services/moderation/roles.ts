import db from '@adonisjs/lucid/services/db'
import User, { ROLE_MEMBER, ROLE_MODERATOR } from '#models/user'
import { normalizeEmail } from '#support/email_normalizer'
import ModerationEvent, { type Actor } from '#models/moderation_event'

export const ROLE_NAMES = { member: ROLE_MEMBER, moderator: ROLE_MODERATOR } as const
export type RoleName = keyof typeof ROLE_NAMES

export type RoleChange =
  | { outcome: 'changed'; user: User }
  | { outcome: 'unchanged'; user: User }
  | { outcome: 'unknown_account' }
  | { outcome: 'unverified'; user: User }

/**
 * Makes the account of `email` a moderator or a plain member, and records
 * the change in the audit trail in the same transaction. An unverified
 * account is refused: anyone may have signed up with an address that is not
 * theirs, and the role must not make that account trusted.
 */
export async function changeRole(
  email: string,
  role: RoleName,
  actor: Actor,
  reason?: string | null
): Promise<RoleChange> {
  return db.transaction(async (trx) => {
    const user = await User.query({ client: trx })
      .where('email_normalized', normalizeEmail(email))
      .forUpdate()
      .first()
    if (!user) return { outcome: 'unknown_account' }
    if (!user.isVerified) return { outcome: 'unverified', user }
    const granting = role === 'moderator'
    const isModerator = user.role === ROLE_MODERATOR
    if (granting === isModerator) return { outcome: 'unchanged', user }
    user.role = ROLE_NAMES[role]
    await user.save()
    await ModerationEvent.record(trx, {
      actor,
      action: granting ? 'role_granted' : 'role_removed',
      userId: user.id,
      reason,
    })
    return { outcome: 'changed', user }
  })
}
