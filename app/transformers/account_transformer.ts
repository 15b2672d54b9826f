import type User from '#models/user'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { PROVIDERS, providerConfigured } from '#config/ally'
import { identityProvider, identityProviders } from '#config/identity'

/**
 * The member's account as their settings page shows it. Only ever built for
 * the member themself: their own addresses, whether they have a password
 * (never its hash) and which providers are linked (never their ids), and
 * the verified identity linked to it (never its hash), or, until one is,
 * the identity providers it can be linked through.
 */
export default class AccountTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    const linked = user.linkedProviders
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      nickName: user.nickName,
      email: user.email,
      pendingEmail: user.pendingEmail,
      verified: user.isVerified,
      hasPassword: Boolean(user.password),
      // A provider the site has no keys for shows only while it is still linked (to be unlinked).
      providers: PROVIDERS.filter((name) => providerConfigured(name) || linked.includes(name)).map(
        (name) => ({ name, linked: linked.includes(name) })
      ),
      identity: user.identityProvider
        ? {
            providerName: identityProvider(user.identityProvider)?.name ?? user.identityProvider,
            linkedAt: user.identityLinkedAt?.toISO() ?? null,
            claims: user.identityClaims ?? {},
          }
        : null,
      // Linked once, never again: no provider to link through any more.
      identityProviders: user.identityHash
        ? []
        : identityProviders().map(({ key, name }) => ({ key, name })),
    }
  }
}
