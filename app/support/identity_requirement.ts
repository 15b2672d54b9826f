import { identityProviders } from '#config/identity'
import type { IdentityClaims, IdentityResidence } from '#shared/identity'
import type { CountryCode } from '#shared/countries'

/** What a petition asks of its signers' identity. */
export type IdentityRequirement = {
  /** Only signatures with a verified identity are taken. */
  required: boolean
  /** Whose verified residence may sign: its country's or region's; null: anyone's. */
  residence: IdentityResidence | null
}

type PetitionPlace = {
  identityRequired: boolean
  identityResidence: IdentityResidence | null
  country: CountryCode | null
  region: string | null
}

const NONE: IdentityRequirement = { required: false, residence: null }

/**
 * What a petition asks, as the site can check it today: nothing when no
 * identity provider is configured (a requirement no signer could meet would
 * close the petition). A residence implies verification: only a provider
 * tells where someone lives.
 */
export function identityRequirementOf(petition: PetitionPlace): IdentityRequirement {
  if (!petition.identityRequired && !petition.identityResidence) return NONE
  if (identityProviders().length === 0) return NONE
  return { required: true, residence: petition.identityResidence }
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
 * Whether the verified residence matches the petition's place: the
 * `country` claim is its country and, for a region, the `region` claim its
 * region. A claim the provider did not assert matches nothing.
 */
export function residenceMatches(petition: PetitionPlace, claims: IdentityClaims) {
  const residence = petition.identityResidence
  if (!residence) return true
  if (!petition.country || claims.country === undefined) return false
  if (placeKey(claims.country) !== placeKey(petition.country)) return false
  if (residence === 'country') return true
  return (
    petition.region !== null &&
    claims.region !== undefined &&
    placeKey(claims.region) === placeKey(petition.region)
  )
}
