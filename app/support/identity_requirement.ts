import { identityProviders, verifiedSignaturesAllowed } from '#config/identity'
import type { IdentityResidence } from '#shared/identity'

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
 * A residence counts only with the requirement.
 */
export function identityRequirementOf(petition: IdentitySettings): IdentityRequirement {
  if (!petition.identityRequired || !verifiedSignaturesAllowed()) return NOTHING_REQUIRED
  return { required: true, residence: petition.identityResidence ?? null }
}

/** Whether a signature can be verified at all now: at least one provider configured. */
export function identityVerificationAvailable() {
  return identityProviders().length > 0
}
