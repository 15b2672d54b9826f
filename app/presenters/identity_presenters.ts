import { urlFor } from '@adonisjs/core/services/url_builder'
import { identityProvider, identityProviders } from '#config/identity'
import type { IdentityClaims, IdentityRequirementShown, SigningIdentity } from '#shared/identity'
import {
  claimsKept,
  identityRequirementOf,
  type IdentitySettings,
} from '#support/identity_requirement'

/** A verification the session holds, as the sign form may show it (never the identity's hash). */
export type HeldVerification = { providerKey: string; claims: IdentityClaims } | null

/**
 * The sign form's identity check: each configured provider with the address
 * that starts a check for this petition on the page's own language site
 * (none configured: an empty list, and nothing shows), and the session's
 * verification for this petition (or the member's linked identity), with
 * the claims its signature would keep: those the petition asks for.
 */
export function identitySigningProps(
  petition: Parameters<typeof identityRequirementOf>[0] & { guid: string },
  held: HeldVerification
): SigningIdentity {
  const { residence } = identityRequirementOf(petition)
  const provider = held ? identityProvider(held.providerKey) : null
  return {
    identityProviders: identityProviders().map(({ key, name }) => ({
      key,
      name,
      startUrl: urlFor('identity.start', { key }, { qs: { petition: petition.guid } }),
    })),
    verifiedIdentity:
      held && provider
        ? { providerName: provider.name, claims: claimsKept(residence, held.claims) }
        : null,
  }
}

/**
 * What the petition page says signing requires: a verified identity, and
 * the residence with the place it names; null when nothing is required.
 */
export function identityRequirementProps(
  petition: IdentitySettings & { country: string | null; region: string | null }
): IdentityRequirementShown | null {
  const requirement = identityRequirementOf(petition)
  if (!requirement.required) return null
  return {
    required: true,
    residence: requirement.residence,
    country: petition.country,
    region: requirement.residence === 'region' ? petition.region : null,
  }
}
