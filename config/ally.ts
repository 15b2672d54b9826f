import env from '#start/env'
import { defineConfig, services } from '@adonisjs/ally'
import { site } from '#config/site'

/** The sign-in providers the site offers, in the order their buttons show. */
export const PROVIDERS = ['github', 'google'] as const
export type Provider = (typeof PROVIDERS)[number]

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value)
}

/** Only the URLs that are set: the drivers know the real ones. */
function endpoints(urls: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(urls).filter(([, url]) => Boolean(url))) as Record<
    string,
    string
  >
}

/**
 * Sign in with GitHub and Google. The endpoints can be pointed elsewhere
 * (tests use a local fake provider); a provider without keys has no button.
 */
const allyConfig = defineConfig({
  github: services.github({
    clientId: env.get('GITHUB_CLIENT_ID', ''),
    clientSecret: env.get('GITHUB_CLIENT_SECRET', ''),
    callbackUrl: `${site.url}/auth/github/callback`,
    scopes: ['read:user', 'user:email'],
    ...endpoints({
      authorizeUrl: env.get('GITHUB_AUTHORIZE_URL'),
      accessTokenUrl: env.get('GITHUB_ACCESS_TOKEN_URL'),
      userInfoUrl: env.get('GITHUB_USER_INFO_URL'),
      userEmailUrl: env.get('GITHUB_USER_EMAIL_URL'),
    }),
  }),
  google: services.google({
    clientId: env.get('GOOGLE_CLIENT_ID', ''),
    clientSecret: env.get('GOOGLE_CLIENT_SECRET', ''),
    callbackUrl: `${site.url}/auth/google/callback`,
    scopes: ['openid', 'email', 'profile'],
    ...endpoints({
      authorizeUrl: env.get('GOOGLE_AUTHORIZE_URL'),
      accessTokenUrl: env.get('GOOGLE_ACCESS_TOKEN_URL'),
      userInfoUrl: env.get('GOOGLE_USER_INFO_URL'),
    }),
  }),
})

export default allyConfig

export function providerConfigured(provider: Provider) {
  return provider === 'github'
    ? Boolean(env.get('GITHUB_CLIENT_ID') && env.get('GITHUB_CLIENT_SECRET'))
    : Boolean(env.get('GOOGLE_CLIENT_ID') && env.get('GOOGLE_CLIENT_SECRET'))
}

/** The providers whose keys are set: the only ones whose buttons show. */
export function configuredProviders(): Provider[] {
  return PROVIDERS.filter(providerConfigured)
}

declare module '@adonisjs/ally/types' {
  interface SocialProviders extends InferSocialProviders<typeof allyConfig> {}
}
