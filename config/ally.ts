import env from '#start/env'
import { defineConfig, services } from '@adonisjs/ally'
import { site } from '#services/site_service'

/**
 * Sign in with GitHub and Google. Without keys the buttons lead back to the
 * login page with a message (the accounts issue wires the flow).
 */
const allyConfig = defineConfig({
  github: services.github({
    clientId: env.get('GITHUB_CLIENT_ID', ''),
    clientSecret: env.get('GITHUB_CLIENT_SECRET', ''),
    callbackUrl: `${site.url}/auth/github/callback`,
  }),
  google: services.google({
    clientId: env.get('GOOGLE_CLIENT_ID', ''),
    clientSecret: env.get('GOOGLE_CLIENT_SECRET', ''),
    callbackUrl: `${site.url}/auth/google/callback`,
  }),
})

export default allyConfig

declare module '@adonisjs/ally/types' {
  interface SocialProviders extends InferSocialProviders<typeof allyConfig> {}
}
