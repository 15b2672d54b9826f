import type Petition from '#models/petition'
import Signature from '#models/signature'
import RepeatSigning from '#models/repeat_signing'
import type User from '#models/user'
import { whereSignedBy } from '#services/signatures/member_signatures'
import { withdrawSignature } from '#services/signatures/withdrawal'
import { resendConfirmationLink } from '#services/signatures/confirmation'
import { discardRepeat, resendForRepeat } from '#services/signatures/repeat_signings'
import { parseSignedEntry, signatureKey } from '#support/http/signed_petitions_cookie'

/** Who asks about their signature: a member, or a guest with their signed cookie's entries. */
export type SignatureViewer = { user: User | null; signedByCookie: Record<string, string> }

/**
 * What the viewer's sign on a petition left: their signature, or a second
 * signature with an address that had signed (which the viewer is shown as
 * a first one waiting for its link).
 */
export type OwnSigning =
  { kind: 'signature'; signature: Signature } | { kind: 'repeat'; repeat: RepeatSigning }

/** The row behind what the viewer's sign left. */
export function ownRow(own: OwnSigning): Signature | RepeatSigning {
  return own.kind === 'signature' ? own.signature : own.repeat
}

/**
 * What the viewer's sign on a petition left: for a guest, the row their
 * cookie names while its token is the one this browser saw (one query);
 * for a member, their own signature, else, for an unverified member only
 * (a verified one is told that their address signed), their latest second
 * signature (a second query).
 */
export async function ownSigning(
  petition: Petition,
  viewer: SignatureViewer
): Promise<OwnSigning | null> {
  const { user } = viewer
  if (user) {
    const signature = await whereSignedBy(Signature.query(), user)
      .where('petition_id', petition.id)
      .first()
    if (signature) return { kind: 'signature', signature }
    if (user.isVerified) return null
    const repeat = await RepeatSigning.query()
      .where('petition_id', petition.id)
      .where('user_id', user.id)
      .orderBy('id', 'desc')
      .first()
    return repeat ? { kind: 'repeat', repeat } : null
  }
  const entry = parseSignedEntry(viewer.signedByCookie[String(petition.id)])
  if (entry?.kind === 'signature') {
    const signature = await Signature.query()
      .where('id', entry.id)
      .where('petition_id', petition.id)
      .first()
    const named = signature && signatureKey(signature.confirmationToken) === entry.key
    return named ? { kind: 'signature', signature } : null
  }
  if (entry?.kind === 'repeat') {
    const repeat = await RepeatSigning.query()
      .where('id', entry.id)
      .where('petition_id', petition.id)
      .first()
    const named = repeat && signatureKey(repeat.token) === entry.key
    return named ? { kind: 'repeat', repeat } : null
  }
  return null
}

/**
 * What the viewer's signing waiting for confirmation became after
 * "Send it again": `sent` (its link mailed again), `confirmed` (nothing to
 * send), or `limited` (the day's links for the address are used up). A
 * second signature answers as a first one does.
 */
export async function resendOwnLink(own: OwnSigning) {
  if (own.kind === 'repeat') return resendForRepeat(own.repeat)
  const { signature } = own
  if (signature.confirmedAt) return 'confirmed' as const
  return (await resendConfirmationLink(signature)) ? ('sent' as const) : ('limited' as const)
}

/**
 * "Wrong address?": the signature waiting for confirmation is withdrawn (its
 * link, mailed to a wrong address, stops working) so that the viewer can
 * sign again with the right one; a second signature goes the same way. A
 * confirmed signature is not touched here (its withdraw link does that).
 * False when nothing was withdrawn.
 */
export async function discardOwnPending(own: OwnSigning) {
  if (own.kind === 'repeat') return discardRepeat(own.repeat)
  if (own.signature.confirmedAt) return false
  return withdrawSignature(own.signature)
}
