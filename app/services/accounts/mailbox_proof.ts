import User from '#models/user'
import type { SignedFor } from '#support/http/signed_links'

/**
 * Whoever proves they hold an account's mailbox (its verification link, a
 * password reset, a provider that vouches for the address) is its owner.
 * What was started on the account before that proof may be the work of
 * someone who registered the address first, so the proof ends it:
 *
 * - `voidEarlierClaims`, in the proof's transaction, before the account is
 *   saved: the pending move to another address is dropped, and every
 *   account link mailed until now (move, deletion) stops working, as they
 *   are signed for the account's links version;
 * - then, once the proof is committed, every session of the account ends
 *   but the one that proved it (`endOtherSessions`), when that browser is
 *   logged in as the account.
 */
export function voidEarlierClaims(user: User) {
  user.merge({ pendingEmail: null, accountLinksVersion: (user.accountLinksVersion ?? 0) + 1 })
}

/** The part of an account link's signed purpose that a proof of the mailbox changes. */
export function accountLinksVersionOf(user: User) {
  return `v${user.accountLinksVersion ?? 0}`
}

/**
 * The account a mailed link names, when the link is valid: signed for
 * `purposeOf(account)` as it is now, and unexpired. Each kind of link puts
 * in its purpose what must not have changed since it was mailed.
 */
export async function accountOfLink(
  userId: number,
  purposeOf: (user: User) => string,
  signed: SignedFor
) {
  const user = await User.find(userId)
  if (!user || !signed(purposeOf(user))) return null
  return user
}
