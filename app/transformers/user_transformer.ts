import type User from '#models/user'
import { avatarFor } from '#services/accounts/avatar'
import type { CurrentUser } from '#app/types/props'

/**
 * The signed-in member as their own pages see them. Only ever built
 * for the user themself: it carries their own e-mail, never another person's.
 */
export function currentUserProps(user: User): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    nickName: user.nickName,
    email: user.email,
    avatar: avatarFor(user),
    signatures: user.signaturesCount,
    createdAt: user.createdAt.toISO(),
    role: user.role,
  }
}
