import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type Petition from '#models/petition'
import type Signature from '#models/signature'
import { countSignature } from '#runtime/signatures/count_deltas'
import { SignatureFactory } from '#database/factories/signature_factory'

/**
 * A confirmed signature of `petition` whose signer an identity provider
 * verified, counted as the verified signing path counts it: inserted
 * confirmed, counted at once in its transaction (flush to see the counts).
 */
export async function verifiedSignature(petition: Petition, values: Partial<Signature> = {}) {
  const signature = await SignatureFactory.merge({
    petitionId: petition.id,
    identityProvider: 'test-id',
    identityHash: randomBytes(32).toString('hex'),
    ...values,
  }).create()
  await db.transaction((trx) => countSignature(trx, signature, 1))
  return signature
}

/** A confirmed signature with no verified identity, counted likewise. */
export async function plainSignature(petition: Petition, values: Partial<Signature> = {}) {
  const signature = await SignatureFactory.merge({ petitionId: petition.id, ...values }).create()
  await db.transaction((trx) => countSignature(trx, signature, 1))
  return signature
}
