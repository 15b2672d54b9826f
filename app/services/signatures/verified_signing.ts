import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Session } from '@adonisjs/session'
import type Petition from '#models/petition'
import type User from '#models/user'
import Signature from '#models/signature'
import { newConfirmationToken } from '#support/signature_links'
import { claimsKept, identityRequirementOf, residenceMatches } from '#support/identity_requirement'
import { signatureInserts } from '#services/signatures/signature_inserts'
import { signatureMails } from '#runtime/signatures/signature_mails'
import {
  consumeVerifiedIdentity,
  linkedIdentityOf,
  type VerifiedIdentity,
} from '#services/identity/verified_identity'
import { replaceUnconfirmed } from '#services/signatures/unconfirmed_replacement'
import SignatureCreated from '#events/signature_created'
import type { SignatureValues } from '#services/signatures/signing'

/** Why a verified sign was refused: each has its message (page.sign.identity_*). */
export type IdentityRefusal =
  'identity_required' | 'identity_expired' | 'identity_already_signed' | 'identity_residence'

/** Where a verified sign takes its identity from: the session's check, or the member's linked identity. */
export type IdentitySource = { session: Session; user: User | null }

export type VerifiedSignOutcome =
  | { signed: true; signature: Signature; replaced: boolean }
  | { signed: false; reason: IdentityRefusal }
  /** The address had a confirmed signature: answered as any second one (see signing). */
  | { signed: false; reason: 'address_signed'; existing: Signature }

class Refused extends Error {
  constructor(readonly reason: IdentityRefusal) {
    super(reason)
  }
}

class AddressSigned extends Error {
  constructor(readonly existing: Signature) {
    super('address signed')
  }
}

/**
 * A signature with a verified identity, confirmed at once: it counts
 * without a mail (the address still gets the notice that it counts, with
 * its withdraw link). One transaction takes the check (once: a refused
 * sign leaves it for another try), refuses a person who signed this
 * petition already (the unique (petition, identity hash) decides, whatever
 * address or browser they use) or lives elsewhere than the petition asks,
 * and stores the signature with only the claims the petition asks for.
 * An address with an unconfirmed signature is taken over, as any sign
 * does; one with a confirmed signature stays as it is.
 */
export async function signVerified(
  petition: Petition,
  values: SignatureValues,
  source: IdentitySource
): Promise<VerifiedSignOutcome> {
  const requirement = identityRequirementOf(petition)
  let outcome: VerifiedSignOutcome
  try {
    outcome = await db.transaction(async (trx) => {
      const identity = await identityOf(source, petition, trx)
      if (!identity) throw new Refused('identity_expired')
      if (!residenceMatches(requirement.residence, petition, identity.claims))
        throw new Refused('identity_residence')
      const verified: SignatureValues = {
        ...values,
        identityProvider: identity.providerKey,
        identityHash: identity.identityHash,
        identityClaims: claimsKept(requirement.residence, identity.claims),
        confirmed: true,
      }
      if (await identitySigned(trx, petition.id, identity.identityHash)) {
        throw new Refused('identity_already_signed')
      }
      return store(trx, verified)
    })
  } catch (error) {
    // Rolled back: the check stays unused, for another try.
    if (error instanceof Refused) return { signed: false, reason: error.reason }
    if (error instanceof AddressSigned) {
      return { signed: false, reason: 'address_signed', existing: error.existing }
    }
    throw error
  }
  if (outcome.signed) {
    await signatureMails.due(outcome.signature.id)
    await SignatureCreated.tell(petition.id, true)
  }
  return outcome
}

/** The session's check for this petition (used up here), else the member's linked identity. */
async function identityOf(
  { session, user }: IdentitySource,
  petition: Petition,
  trx: TransactionClientContract
): Promise<VerifiedIdentity | null> {
  const checked = await consumeVerifiedIdentity(session, petition, trx)
  return checked ?? linkedIdentityOf(user)
}

async function identitySigned(trx: TransactionClientContract, petitionId: number, hash: string) {
  const row = await trx
    .from('signatures')
    .where({ petition_id: petitionId, identity_hash: hash })
    .select('id')
    .first()
  return row !== null
}

/** Rounds of insert-or-take-over before a sign racing other writes of its address gives up. */
const ATTEMPTS = 3

/**
 * Stores the verified signature, or takes over its address's unconfirmed
 * one. The same person signing twice at once: the unique index keeps one,
 * and the other is refused as that person's second signature.
 */
async function store(trx: TransactionClientContract, values: SignatureValues) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const signature = newSignature(values)
    const [stored] = await signatureInserts.write(trx, [{ signature, confirmed: true }])
    if (stored) return { signed: true as const, signature, replaced: false }
    if (await identitySigned(trx, values.petitionId, values.identityHash!)) {
      throw new Refused('identity_already_signed')
    }
    const existing = await Signature.query({ client: trx })
      .where('petition_id', values.petitionId)
      .where('email_normalized', values.emailNormalized)
      .first()
    if (!existing) continue
    if (existing.confirmedAt) throw new AddressSigned(existing)
    const replaced = await replaceUnconfirmed(existing, values, trx)
    if (replaced) return { signed: true as const, signature: replaced, replaced: true }
  }
  throw new Refused('identity_expired')
}

function newSignature({ confirmed: _confirmed, ...values }: SignatureValues) {
  return new Signature().merge({
    ...values,
    active: values.blockedRule === null,
    confirmationToken: newConfirmationToken(),
    confirmedAt: DateTime.utc(),
    // The notice that it counts, with its withdraw link.
    linkMailDueAt: DateTime.utc(),
  })
}
