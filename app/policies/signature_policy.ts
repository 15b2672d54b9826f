import { AuthorizationResponse, BasePolicy, allowGuest } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type Signature from '#models/signature'
import type Petition from '#models/petition'
import RepeatSigning from '#models/repeat_signing'

/** Who may act on a signature as its signer. */
export default class SignaturePolicy extends BasePolicy {
  /**
   * Withdrawing it, or having its link sent again: the member who signed
   * it, by account or with their verified address. Anyone else gets 404,
   * as for a signature that does not exist.
   */
  manage(user: User, signature: Signature): AuthorizerResponse {
    if (isSignedBy(signature, user)) return true
    return AuthorizationResponse.deny('Not found', 404)
  }

  /**
   * "Send it again" and "Wrong address?" on a petition's page: the viewer's
   * own signature on that petition, or their second signature with an
   * address that had signed, found by the caller for this viewer (a
   * member's by account, a guest's by the browser's signed cookie, whose
   * entry names the row only while its token is the one it was given). A
   * member acts only on what is theirs. Anyone else: 404, as for a
   * signature that does not exist.
   */
  @allowGuest()
  changeFromPage(
    user: User | null,
    own: Signature | RepeatSigning,
    petition: Petition
  ): AuthorizerResponse {
    const theirs =
      !user || (own instanceof RepeatSigning ? own.userId === user.id : isSignedBy(own, user))
    return own.petitionId === petition.id && theirs
      ? true
      : AuthorizationResponse.deny('Not found', 404)
  }
}

/** The rule of `whereSignedBy` (services/signatures/member_signatures), for a signature already read. */
export function isSignedBy(signature: Signature, user: User) {
  if (signature.userId === user.id) return true
  if (!user.isVerified) return false
  return signature.email.trim().toLowerCase() === user.email.trim().toLowerCase()
}
