import { urlFor } from '@adonisjs/core/services/url_builder'
import { identityProvider, identityProviders } from '#config/identity'
import { claimsKept, identityRequirementOf } from '#support/identity_requirement'
import type { IdentityClaims, SigningIdentity } from '#shared/identity'

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
