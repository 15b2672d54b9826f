import type Signature from '#models/signature'
import SignatureInvalidation from '#models/signature_invalidation'
import type { SignatureRemoval } from '#shared/petitions/own_signature'

/**
 * The standing invalidation that took a signature out of the counts (its
 * date and reason, public on the petition's page anyway), or null: one read
 * by primary key, only for such a signature. Its signer is told, so that
 * nothing says their signature counts when it does not.
 */
export async function removalOf(
  signature: Pick<Signature, 'invalidationId'>
): Promise<SignatureRemoval | null> {
  if (signature.invalidationId === null) return null
  const invalidation = await SignatureInvalidation.find(signature.invalidationId)
  if (!invalidation || invalidation.undoneAt) return null
  return { date: invalidation.createdAt.toUTC().toISO()!, reason: invalidation.reason }
}
