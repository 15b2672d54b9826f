import type Signature from '#models/signature'

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
