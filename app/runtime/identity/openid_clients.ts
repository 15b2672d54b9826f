import * as oidc from 'openid-client'
import { identityCallbackUrl } from '#config/identity'
import { claimAt, type IdentityClaim, type IdentityProvider } from '#support/identity_providers'
import type { IdentityClaims } from '#shared/identity'

/**
 * The site's OpenID Connect clients, one per provider of IDENTITY_PROVIDERS:
 * discovery runs the first time a signer needs the provider and its answer
 * is kept for the process. A discovery that fails is not kept, so that the
 * next signer tries again once the provider is back. Every check of an
 * answer (the ID token's signature, issuer, audience, expiry and nonce;
 * state; PKCE) is openid-client's.
 */
const configurations = new Map<string, Promise<oidc.Configuration>>()

/** Settings identify a kept discovery: a changed client id or issuer discovers again. */
const cacheKeyOf = (provider: IdentityProvider) =>
  JSON.stringify([provider.key, provider.issuer, provider.clientId, provider.clientSecret])

function configurationOf(provider: IdentityProvider) {
  const cacheKey = cacheKeyOf(provider)
  let configuration = configurations.get(cacheKey)
  if (!configuration) {
    // Plain http issuers only pass the settings' check outside production (local test providers).
    const insecure = new URL(provider.issuer).protocol === 'http:'
    configuration = oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      undefined,
      { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 }
    )
    configurations.set(cacheKey, configuration)
    configuration.catch(() => configurations.delete(cacheKey))
  }
  return configuration
}

/** What the site keeps of a check in its flow: sent to nobody but the provider's token endpoint. */
export type AuthorizationSecrets = { state: string; nonce: string; codeVerifier: string }

export function newAuthorizationSecrets(): AuthorizationSecrets {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  }
}

/** The provider's authorization address for one check: code flow, PKCE (S256), state and nonce. */
export async function authorizationUrl(provider: IdentityProvider, secrets: AuthorizationSecrets) {
  const configuration = await configurationOf(provider)
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: identityCallbackUrl(provider.key),
    response_type: 'code',
    scope: provider.scopes.join(' '),
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
  })
}

/** What a completed check proves: the subject, the issuer, and the mapped claims as asserted. */
export type ProvenIdentity = {
  issuer: string
  subject: string
  claims: IdentityClaims
}

/**
 * Completes a check from the provider's answer at our callback: exchanges
 * the code and lets the library check the ID token. The mapped claims come
 * from the ID token, or from the UserInfo endpoint (checked for the same
 * subject) when the provider keeps them there. Throws when any check fails.
 */
export async function completeAuthorization(
  provider: IdentityProvider,
  callbackQuery: string,
  secrets: AuthorizationSecrets
): Promise<ProvenIdentity> {
  const configuration = await configurationOf(provider)
  const currentUrl = new URL(`${identityCallbackUrl(provider.key)}?${callbackQuery}`)
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: secrets.codeVerifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    idTokenExpected: true,
  })
  const idToken = tokens.claims()!
  const paths = Object.values(provider.claims)
  let userInfo: Record<string, unknown> = {}
  if (
    paths.some((path) => claimAt(idToken, path) === null) &&
    configuration.serverMetadata().userinfo_endpoint
  ) {
    userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
  }
  const claims: ProvenIdentity['claims'] = {}
  for (const [claim, path] of Object.entries(provider.claims) as [IdentityClaim, string][]) {
    const value = claimAt(idToken, path) ?? claimAt(userInfo, path)
    if (value !== null) claims[claim] = value
  }
  return { issuer: idToken.iss, subject: idToken.sub, claims }
}
