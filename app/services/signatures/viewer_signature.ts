import type Petition from '#models/petition'
import Signature from '#models/signature'
import type User from '#models/user'
import { whereSignedBy } from '#services/signatures/member_signatures'
import { withdrawSignature } from '#services/signatures/withdrawal'
import { resendConfirmationLink } from '#services/signatures/confirmation'
import { parseSignedEntry, signatureKey } from '#support/http/signed_petitions_cookie'

/** Who asks about their signature: a member, or a guest with their signed cookie's entries. */
export type SignatureViewer = { user: User | null; signedByCookie: Record<string, string> }

/**
 * The signature the viewer made on a petition: a member's own (by account,
 * or a verified exact address), or the one a guest's cookie names, while
 * its token is still the one this browser saw. One indexed query at most.
 */
export async function ownSignature(petition: Petition, viewer: SignatureViewer) {
  if (viewer.user) {
    return whereSignedBy(Signature.query(), viewer.user).where('petition_id', petition.id).first()
  }
  const entry = parseSignedEntry(viewer.signedByCookie[String(petition.id)])
  if (entry?.kind !== 'signature') return null
  const signature = await Signature.query()
    .where('id', entry.signatureId)
    .where('petition_id', petition.id)
    .first()
  return signature && signatureKey(signature.confirmationToken) === entry.key ? signature : null
}

/**
 * What the viewer's signature waiting for confirmation became after
 * "Send it again": `sent` (its link mailed again), `confirmed` (nothing to
 * send), or `limited` (the day's links for the address are used up).
 */
export async function resendOwnLink(signature: Signature) {
  if (signature.confirmedAt) return 'confirmed' as const
  return (await resendConfirmationLink(signature)) ? ('sent' as const) : ('limited' as const)
}

/**
 * "Wrong address?": the signature waiting for confirmation is withdrawn (its
 * link, mailed to a wrong address, stops working) so that the viewer can
 * sign again with the right one. A confirmed signature is not touched here
 * (its withdraw link does that). False when nothing was withdrawn.
 */
export async function discardOwnPending(signature: Signature) {
  if (signature.confirmedAt) return false
  return withdrawSignature(signature)
}
