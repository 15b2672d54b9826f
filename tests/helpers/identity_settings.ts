import env from '#start/env'
import { PetitionFactory } from '#database/factories/petition_factory'

/** An IDENTITY_PROVIDERS entry that parses (nothing talks to it: no check goes through it). */
export const UNREACHED_PROVIDER = {
  key: 'city-id',
  name: 'City ID',
  issuer: 'http://127.0.0.1:9/realms/citizens',
  clientId: 'undersign',
  clientSecret: 'a-secret-of-some-length',
  claims: { country: 'address.country', region: 'address.region' },
}

/**
 * Sets the site's identity settings (IDENTITY_PROVIDERS,
 * VERIFIED_SIGNATURES_REQUIRED) for one test; the returned function puts
 * the old ones back (hand it to `cleanup`).
 */
export function configureIdentity(settings: {
  providers: readonly object[]
  verifiedSignatures?: string
}) {
  const before = {
    providers: env.get('IDENTITY_PROVIDERS'),
    verified: env.get('VERIFIED_SIGNATURES_REQUIRED'),
  }
  env.set('IDENTITY_PROVIDERS', JSON.stringify(settings.providers))
  env.set('VERIFIED_SIGNATURES_REQUIRED', settings.verifiedSignatures ?? 'allowed')
  return () => {
    env.set('IDENTITY_PROVIDERS', before.providers ?? '')
    env.set('VERIFIED_SIGNATURES_REQUIRED', before.verified ?? '')
  }
}

export const BAVARIA = { country: 'DE' as const, region: 'Bayern' }

/** A published petition, with its owner, that takes only verified signatures of Bavaria's residents. */
export function bavarianPetition() {
  return PetitionFactory.merge({
    ...BAVARIA,
    identityRequired: true,
    identityResidence: 'region' as const,
  })
    .apply('published')
    .with('user')
    .create()
}
