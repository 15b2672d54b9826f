import env from '#start/env'
import { site } from '#config/site'
import { parseIdentityProviders, type IdentityProvider } from '#support/identity_providers'

let parsed: { raw: string | undefined; providers: IdentityProvider[] } | null = null

/**
 * The OpenID Connect providers of IDENTITY_PROVIDERS, in their order. A bad
 * value stopped the start (start/safe_settings.ts); read again when the
 * setting changes (tests point it at a provider they start).
 */
export function identityProviders(): IdentityProvider[] {
  const raw = env.get('IDENTITY_PROVIDERS')
  if (parsed && parsed.raw === raw) return parsed.providers
  const result = parseIdentityProviders(raw, { production: env.get('NODE_ENV') === 'production' })
  if (result.error !== null) throw new Error(result.error)
  parsed = { raw, providers: result.providers }
  return result.providers
}

export function identityProvider(key: string): IdentityProvider | null {
  return identityProviders().find((provider) => provider.key === key) ?? null
}

/** The address to register at the provider: on the bare domain, whichever language the signer reads. */
export function identityCallbackUrl(key: string) {
  return `${site.url}/identity/${key}/callback`
}

/** How long a started check, and then its verification, may wait: one visit to the provider. */
export const IDENTITY_FLOW_MINUTES = 10

/**
 * Whether the site lets owners take only verified signatures
 * (VERIFIED_SIGNATURES_REQUIRED: allowed unless it says forbidden; a bad
 * value stopped the start). Read at each use: tests change it.
 */
export function verifiedSignaturesAllowed() {
  return env.get('VERIFIED_SIGNATURES_REQUIRED') !== 'forbidden'
}
