import { urlFor } from '@adonisjs/core/services/url_builder'
import { identityProvider, identityProviders } from '#config/identity'
import type { IdentityClaims, SigningIdentity } from '#shared/identity'

/** A verification the session holds, as the sign form may show it (never the identity's hash). */
export type HeldVerification = { providerKey: string; claims: IdentityClaims } | null

/**
 * The sign form's identity check: each configured provider with the address
 * that starts a check for this petition on the page's own language site
 * (none configured: an empty list, and nothing shows), and the session's
 * verification for this petition, with the claims its signature would keep.
 */
export function identitySigningProps(
  petitionGuid: string,
  held: HeldVerification
): SigningIdentity {
  const provider = held ? identityProvider(held.providerKey) : null
  return {
    identityProviders: identityProviders().map(({ key, name }) => ({
      key,
      name,
      startUrl: urlFor('identity.start', { key }, { qs: { petition: petitionGuid } }),
    })),
    verifiedIdentity:
      held && provider ? { providerName: provider.name, claims: held.claims } : null,
  }
}
