import { AuthorizationResponse, BasePolicy, allowGuest } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import { ROLE_MODERATOR, type default as User } from '#models/user'
import type Petition from '#models/petition'

/** Who may moderate: review reports, act on petitions, read the log. */
export default class ModerationPolicy extends BasePolicy {
  /**
   * Moderators only. Anyone else, a guest too, finds nothing there (404),
   * as if moderation did not exist.
   */
  @allowGuest()
  moderate(user: User | null): AuthorizerResponse {
    if (user?.role === ROLE_MODERATOR) return true
    return AuthorizationResponse.deny('Not found', 404)
  }

  /**
   * Putting an earlier version of a petition's text back: moderators only.
   * Its owner and guests, who know the petition, are refused (403).
   */
  @allowGuest()
  restoreVersion(user: User | null): AuthorizerResponse {
    if (user?.role === ROLE_MODERATOR) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /**
   * Redacting an earlier version of a petition's text: a moderator who does
   * not own the petition (an owner must not erase what they once told
   * their signers). Anyone else is refused (403); a petition not found
   * (null) is the caller's 404.
   */
  @allowGuest()
  redactVersion(user: User | null, petition: Pick<Petition, 'userId'> | null): AuthorizerResponse {
    if (user?.role === ROLE_MODERATOR && user.id !== petition?.userId) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /**
   * Changing the rules against signing attacks (blocked domains and
   * networks, a petition's pause): moderators only; anyone else is refused (403).
   */
  @allowGuest()
  manageRules(user: User | null): AuthorizerResponse {
    if (user?.role === ROLE_MODERATOR) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /**
   * Invalidating a petition's signatures in bulk, counting them first, and
   * undoing it: moderators only. Anyone else, its owner too, is refused (403).
   */
  @allowGuest()
  invalidateSignatures(user: User | null): AuthorizerResponse {
    if (user?.role === ROLE_MODERATOR) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /** Verifying or rejecting a petition's paper signatures: moderators only; anyone else, its owner too, is refused (403). */
  @allowGuest()
  decidePaper(user: User | null): AuthorizerResponse {
    if (user?.role === ROLE_MODERATOR) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }
}
