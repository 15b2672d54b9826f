import { identityProviders, verifiedSignaturesAllowed } from '#config/identity'
import type { IdentityClaims, IdentityResidence } from '#shared/identity'

/** A petition's stored identity settings (columns of `petitions`). */
export type IdentitySettings = {
  identityRequired: boolean
  identityResidence: IdentityResidence | null
}

/** What signing a petition asks for now: a verified identity, and whose residence. */
export type IdentityRequirement = { required: boolean; residence: IdentityResidence | null }

const NOTHING_REQUIRED: IdentityRequirement = { required: false, residence: null }

/**
 * Whether owners may set the identity options: the site allows them and
 * at least one identity provider is configured. Otherwise the form hides
 * them and the writer ignores what is sent.
 */
export function identityOptionsOffered() {
  return verifiedSignaturesAllowed() && identityProviders().length > 0
}

/**
 * What a petition's signing requires, for the page, the sign form and the
 * signing check alike. A site that forbids the requirement requires
 * nothing of any petition. A site whose providers are all gone keeps
 * requiring what the owner chose: its counted signatures were all verified
 * and the page says so, so nobody can sign it until a provider is back
 * (the sign form says so) rather than unverified signatures slipping in.
 * A residence implies the requirement: only a provider tells where
 * someone lives.
 */
export function identityRequirementOf(petition: IdentitySettings): IdentityRequirement {
  const asked = petition.identityRequired || petition.identityResidence !== null
  if (!asked || !verifiedSignaturesAllowed()) return NOTHING_REQUIRED
  return { required: true, residence: petition.identityResidence ?? null }
}

/** Whether a signature can be verified at all now: at least one provider configured. */
export function identityVerificationAvailable() {
  return identityProviders().length > 0
}

/** The claims a petition's signature keeps: those its residence is checked against, and no other. */
export function claimsKept(residence: IdentityResidence | null, claims: IdentityClaims) {
  const kept: IdentityClaims = {}
  if (residence && claims.country !== undefined) kept.country = claims.country
  if (residence === 'region' && claims.region !== undefined) kept.region = claims.region
  return kept
}

/** Places compare without case, accents or surrounding spaces ("Bayern " and "bayern" match). */
const placeKey = (value: unknown) =>
  String(value).normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase()

/**
 * Whether a verified residence is one a petition takes: anyone's without a
 * residence; for `country`, the `country` claim is its country; for
 * `region`, the `region` claim is its region too. A claim the provider did
 * not assert matches nothing.
 */
export function residenceMatches(
  residence: IdentityResidence | null,
  place: { country: string | null; region: string | null },
  claims: IdentityClaims
) {
  if (!residence) return true
  if (!place.country || claims.country === undefined) return false
  if (placeKey(claims.country) !== placeKey(place.country)) return false
  if (residence === 'country') return true
  return (
    place.region !== null &&
    claims.region !== undefined &&
    placeKey(claims.region) === placeKey(place.region)
  )
}
