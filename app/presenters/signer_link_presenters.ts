import type Signature from '#models/signature'
import type { SignatureRemoval } from '#shared/petitions/own_signature'

/**
 * Petition/WithdrawSignature: the signature the mailed link names and its
 * petition (`petition` preloaded; linked once published), or nothing for a link that does not work.
 */
export function withdrawSignatureProps(signature: Signature | null, withdrawUrl: string) {
  const petition = signature?.petition
  return {
    withdrawUrl: signature ? withdrawUrl : null,
    petition: petition
      ? {
          title: petition.title,
          target: petition.target,
          slug: petition.published ? petition.slug : null,
        }
      : null,
    signature: signature
      ? {
          firstName: signature.firstName,
          signedAt: signature.createdAt.toISO()!,
          confirmed: signature.confirmedAt !== null,
        }
      : null,
  }
}

/**
 * Petition/StopUpdates: the button that stops a petition's news for the
 * signature the mailed link names (`petition` preloaded), or that they stopped.
 */
export function stopUpdatesProps(signature: Signature | null, stopUrl: string) {
  const petition = signature?.petition
  return {
    stopUrl: signature ? stopUrl : null,
    petition: petition
      ? {
          title: petition.title,
          slug: petition.isPublic ? petition.slug : null,
        }
      : null,
    stopped: signature ? !signature.wantsUpdates : false,
  }
}

/**
 * Petition/ConfirmSignature: the button that confirms the signature the
 * mailed link names (`petition` preloaded), and its removal by moderators
 * if they took it out of the counts: its signer learns when and why before
 * confirming.
 */
export function confirmSignatureProps(
  signature: Signature | null,
  confirmUrl: string,
  removal: SignatureRemoval | null
) {
  return {
    confirmUrl: signature ? confirmUrl : null,
    petition: signature ? { title: signature.petition.title, slug: signature.petition.slug } : null,
    alreadyConfirmed: Boolean(signature?.confirmedAt),
    /** Moderators took it out of the counts: its signer learns when and why before confirming. */
    removal,
  }
}
