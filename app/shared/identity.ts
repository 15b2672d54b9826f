import { countryName } from '#shared/countries'
/** What a site may keep of what an identity provider asserts about a signer, and nothing else. */
export const IDENTITY_CLAIMS = ['country', 'region', 'ageOver'] as const
export type IdentityClaim = (typeof IDENTITY_CLAIMS)[number]

/**
 * Whose verified residence may sign a petition that restricts it: the
 * petition's country's (the `country` claim equals it) or its region's
 * (the `country` claim equals its country and the `region` claim its
 * region, compared without case, accents or surrounding spaces).
 */
export const IDENTITY_RESIDENCES = ['country', 'region'] as const
export type IdentityResidence = (typeof IDENTITY_RESIDENCES)[number]

/** A claim as the provider asserted it ("DE", "BY", true, 18). */
export type IdentityClaims = Partial<Record<IdentityClaim, string | number | boolean>>

/**
 * The sign form's identity check, as the server tells it (shared by the
 * server and the page): each configured provider with the address that
 * starts a check for this petition (none configured: an empty list), and
 * the check the viewer's session holds for it, with the claims a signature
 * would keep (never the identity's hash).
 */
export type SigningIdentity = {
  identityProviders: { key: string; name: string; startUrl: string }[]
  verifiedIdentity: { providerName: string; claims: IdentityClaims } | null
}

/**
 * The place a petition's residence names, in the reader's language: its
 * country, or its region and country ("Bayern, Deutschland").
 */
export function residencePlaceName(
  petition: {
    identityResidence: IdentityResidence | null
    country: string | null
    region: string | null
  },
  locale: string
) {
  const country = petition.country ? countryName(petition.country, locale) : ''
  if (petition.identityResidence !== 'region' || !petition.region) return country
  const region = petition.region.trim()
  return country ? `${region}, ${country}` : region
}

/**
 * What a petition page says its signing requires (null: nothing): a
 * verified identity, and, with a residence, the place it names (the
 * country's ISO code; the region for `region`).
 */
export type IdentityRequirementShown = {
  required: true
  residence: IdentityResidence | null
  country: string | null
  region: string | null
}
