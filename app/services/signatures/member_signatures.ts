import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import Signature from '#models/signature'
import type User from '#models/user'
import { normalizeEmail } from '#support/email_normalizer'

/**
 * The condition that narrows signatures to a member's own: those made while
 * logged in, and, once the account is verified, those made with exactly its
 * address (lower-cased as accounts store it), so that registering a variant
 * of someone's address (a +tag, gmail dots) claims nothing of their
 * signatures. The normalised column keeps the lookup on an index. For model
 * and plain queries alike.
 */
export function signedBy(user: User) {
  const address = user.email.trim().toLowerCase()
  return <Query extends ChainableContract>(mine: Query) => {
    mine.where('user_id', user.id)
    if (!user.isVerified) return
    mine.orWhere((exact) =>
      exact
        .where('email_normalized', normalizeEmail(address))
        .whereRaw('lower(email) = ?', [address])
    )
  }
}

/** Narrows a signatures query to a member's own. */
export function whereSignedBy(query: ModelQueryBuilderContract<typeof Signature>, user: User) {
  return query.where(signedBy(user))
}

/** A member's signatures, on every petition. */
export function signaturesOf(user: User) {
  return whereSignedBy(Signature.query(), user)
}
