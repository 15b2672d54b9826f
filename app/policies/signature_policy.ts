import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type Signature from '#models/signature'

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
}

/** The rule of `whereSignedBy` (services/signatures/member_signatures), for a signature already read. */
export function isSignedBy(signature: Signature, user: User) {
  if (signature.userId === user.id) return true
  if (!user.isVerified) return false
  return signature.email.trim().toLowerCase() === user.email.trim().toLowerCase()
}
