import type { IdentityClaims } from '#shared/identity'

/**
 * A verified identity's claims (a signature's or an account's): JSON text,
 * null when none; never serialised, since they are personal data.
 */
export const identityClaimsColumn = {
  serializeAs: null,
  prepare: (claims: IdentityClaims | null) => (claims ? JSON.stringify(claims) : null),
  consume: (stored: string | null): IdentityClaims | null => (stored ? JSON.parse(stored) : null),
}
