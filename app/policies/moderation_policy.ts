import { AuthorizationResponse, BasePolicy, allowGuest } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import { ROLE_MODERATOR, type default as User } from '#models/user'
import type Petition from '#models/petition'
import type PaperSignatureBatch from '#models/paper_signature_batch'

/** What a moderator decides on: a petition, known by its owner. */
type ModeratedPetition = Pick<Petition, 'userId'>

/**
 * Who may moderate: review reports, act on petitions, read the log.
 *
 * Whoever records something does not judge it: a moderator takes no
 * moderation action on a petition they own, and decides no paper batch they
 * recorded. Another moderator decides those (403, nothing changes).
 */
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
   * Hiding, restoring, closing, reopening a petition or dismissing its
   * reports: moderators (anyone else finds nothing, 404), on a petition
   * that is not their own (403).
   */
  @allowGuest()
  actOn(user: User | null, petition: ModeratedPetition): AuthorizerResponse {
    const moderating = this.moderate(user)
    if (moderating !== true) return moderating
    return notTheirOwn(user!, petition)
  }

  /**
   * Putting an earlier version of a petition's text back: moderators only,
   * on another member's petition. Its owner and guests, who know the
   * petition, are refused (403).
   */
  @allowGuest()
  restoreVersion(user: User | null, petition: ModeratedPetition): AuthorizerResponse {
    return moderatorOn(user, petition)
  }

  /**
   * Redacting an earlier version of a petition's text: moderators only, on
   * another member's petition (an owner must not erase what they once told
   * their signers). Anyone else is refused (403).
   */
  @allowGuest()
  redactVersion(user: User | null, petition: ModeratedPetition): AuthorizerResponse {
    return moderatorOn(user, petition)
  }

  /**
   * Changing the site's rules against signing attacks (blocked domains and
   * networks): moderators only; anyone else is refused (403).
   */
  @allowGuest()
  manageRules(user: User | null): AuthorizerResponse {
    if (user?.role === ROLE_MODERATOR) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /**
   * Approving or refusing the address of a petition's recipient (for the
   * whole site): moderators only, on another member's petition (403).
   */
  @allowGuest()
  judgeAddress(user: User | null, petition: ModeratedPetition): AuthorizerResponse {
    return moderatorOn(user, petition)
  }

  /**
   * Keeping the directory of decision makers' addresses (approving one
   * again, revoking one): moderators only; anyone else is refused (403).
   */
  @allowGuest()
  keepDirectory(user: User | null): AuthorizerResponse {
    if (user?.role === ROLE_MODERATOR) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /** Pausing a petition's signing or resuming it: moderators, on another member's petition (403). */
  @allowGuest()
  pauseSigning(user: User | null, petition: ModeratedPetition): AuthorizerResponse {
    return moderatorOn(user, petition)
  }

  /**
   * Invalidating a petition's signatures in bulk and undoing it: moderators
   * only, on another member's petition. Anyone else, its owner too, is
   * refused (403).
   */
  @allowGuest()
  invalidateSignatures(user: User | null, petition: ModeratedPetition): AuthorizerResponse {
    return moderatorOn(user, petition)
  }

  /**
   * Verifying or rejecting a petition's paper signatures: moderators only,
   * neither on their own petition nor on a batch they recorded. Anyone
   * else, its owner too, is refused (403).
   */
  @allowGuest()
  decidePaper(
    user: User | null,
    petition: ModeratedPetition,
    batch: Pick<PaperSignatureBatch, 'recordedBy'>
  ): AuthorizerResponse {
    const deciding = moderatorOn(user, petition)
    if (deciding !== true) return deciding
    if (batch.recordedBy === user!.id) return AuthorizationResponse.deny('Own case', 403)
    return true
  }
}

/** Whether a moderator may judge this petition: never their own. */
function judgesOwnPetition(user: Pick<User, 'id'>, petition: ModeratedPetition) {
  return petition.userId !== null && petition.userId === user.id
}

function notTheirOwn(user: User, petition: ModeratedPetition): AuthorizerResponse {
  if (judgesOwnPetition(user, petition)) return AuthorizationResponse.deny('Own case', 403)
  return true
}

/** Moderators only (403 for anyone else), on a petition that is not their own (403). */
function moderatorOn(user: User | null, petition: ModeratedPetition): AuthorizerResponse {
  if (user?.role !== ROLE_MODERATOR) return AuthorizationResponse.deny('Access denied', 403)
  return notTheirOwn(user, petition)
}
