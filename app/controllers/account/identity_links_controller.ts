import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { identityProvider } from '#config/identity'
import { localeOf } from '#app/i18n/locales'
import AccountPolicy from '#policies/account_policy'
import NotFoundException from '#exceptions/not_found_exception'
import { flash } from '#support/http/flash'
import { linkIdentity, startIdentityLink } from '#services/identity/identity_link'
import { identityLinkReturnValidator } from '#validators/identity_check'

/**
 * "Link a verified identity" on My/Account: the provider flow of a signer's
 * check (services/identity/identity_link), for the member's account, once.
 * The provider answers at the same callback (IdentityChecksController),
 * which sends the member back here.
 */
export default class IdentityLinksController {
  /** GET /my/account/identity/{key}/link: off to the provider. */
  async start(ctx: HttpContext) {
    const provider = identityProvider(ctx.params.key)
    if (!provider) throw new NotFoundException()
    const user = ctx.auth.getUserOrFail()
    if (await ctx.bouncer.with(AccountPolicy).denies('linkIdentity')) {
      return this.backToAccount(ctx, 'error', 'page.account.identity_already_linked')
    }
    try {
      const url = await startIdentityLink(ctx.session, provider, user, localeOf(ctx.i18n))
      return ctx.response.redirect(url.href)
    } catch (error) {
      ctx.logger.warn({ err: error, provider: provider.key }, 'identity provider unreachable')
      return this.backToAccount(ctx, 'error', 'page.identity.unavailable')
    }
  }

  /** GET /my/account/identity/return on the member's language site: the check's outcome. */
  async return(ctx: HttpContext) {
    const { pass, refused } = await ctx.request.validateUsing(identityLinkReturnValidator)
    // An expired check is started again from this page, not from a petition: its own message.
    if (pass === undefined) {
      const key =
        !refused || refused === 'expired' ? 'account.identity_expired' : `identity.${refused}`
      return this.backToAccount(ctx, 'error', `page.${key}`)
    }
    const outcome = await linkIdentity(ctx.session, ctx.auth.getUserOrFail(), pass)
    const linked = outcome === 'linked'
    return this.backToAccount(ctx, linked ? 'success' : 'error', `page.account.identity_${outcome}`)
  }

  private backToAccount(ctx: HttpContext, type: 'error' | 'success', key: string) {
    flash(ctx, { type, key })
    return ctx.response.redirect(`${urlFor('my.account')}#account-identity`)
  }
}
