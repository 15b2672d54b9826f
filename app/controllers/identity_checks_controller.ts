import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { site } from '#config/site'
import { identityProvider } from '#config/identity'
import { localeOf } from '#app/i18n/locales'
import PetitionPolicy from '#policies/petition_policy'
import NotFoundException from '#exceptions/not_found_exception'
import { flash } from '#support/http/flash'
import { petitionToSign } from '#services/signatures/petition_to_sign'
import {
  finishIdentityCheck,
  IdentityCheckRefused,
  startIdentityCheck,
  takeIdentityPass,
  type IdentityRefusal,
  type IdentityReturn,
} from '#services/identity/identity_check'
import { identityReturnValidator, identityStartValidator } from '#validators/identity_check'

/**
 * "Sign with verified identity": a signer on a petition's sign form goes
 * through an OpenID Connect provider of IDENTITY_PROVIDERS and back to the
 * same form on their language's site (services/identity/identity_check).
 */
export default class IdentityChecksController {
  /** GET /identity/{key}/start?petition={guid}, from the sign form of a language's site. */
  async start(ctx: HttpContext) {
    const provider = this.providerOf(ctx)
    const { petition: guid } = await ctx.request.validateUsing(identityStartValidator)
    const petition = await petitionToSign(guid, { reuse: true })
    await ctx.bouncer.with(PetitionPolicy).authorize('sign', petition)
    const returnTo = { locale: localeOf(ctx.i18n), petitionGuid: petition.guid }
    try {
      const providerUrl = await startIdentityCheck(ctx.session, provider, returnTo)
      return ctx.response.redirect(providerUrl.href)
    } catch (error) {
      ctx.logger.warn({ err: error, provider: provider.key }, 'identity provider unreachable')
      return ctx.response.redirect(this.returnUrl(returnTo, { refused: 'unavailable' }))
    }
  }

  /** GET /identity/{key}/callback on the bare domain: the provider's answer. */
  async callback(ctx: HttpContext) {
    const provider = this.providerOf(ctx)
    try {
      const { pass, returnTo } = await finishIdentityCheck(
        provider,
        ctx.request.parsedUrl.query ?? ''
      )
      return ctx.response.redirect(this.returnUrl(returnTo, { pass }))
    } catch (error) {
      if (!(error instanceof IdentityCheckRefused)) throw error
      if (error.returnTo)
        return ctx.response.redirect(this.returnUrl(error.returnTo, { refused: error.reason }))
      // Nothing names the signer's petition or language: this site's home page says why.
      flash(ctx, { type: 'error', key: 'page.identity.expired' })
      return ctx.response.redirect().toRoute('home')
    }
  }

  /**
   * GET /identity/return on the signer's language site: the pass puts the
   * verification into this site's session (only the one that started the
   * check), then the petition's sign form shows it; else why it failed.
   */
  async return(ctx: HttpContext) {
    const {
      petition: guid,
      pass,
      refused,
    } = await ctx.request.validateUsing(identityReturnValidator)
    const petition = await petitionToSign(guid, { reuse: true })
    await ctx.bouncer.with(PetitionPolicy).authorize('view', petition)
    const taken =
      pass !== undefined && (await takeIdentityPass(ctx.session, pass)) === petition.guid
    if (!taken)
      flash(ctx, { type: 'error', key: `page.identity.${refused ?? 'expired'}`, show: 'box' })
    const page = urlFor('petitions.show', { slug: petition.slug })
    return ctx.response.redirect(`${page}#sign-this-petition`)
  }

  private providerOf({ params }: HttpContext) {
    const provider = identityProvider(params.key)
    if (!provider) throw new NotFoundException()
    return provider
  }

  /** A signer's check goes back to the petition's form, a member's to their account page. */
  private returnUrl(
    returnTo: IdentityReturn,
    outcome: { pass: string } | { refused: IdentityRefusal }
  ) {
    const path =
      'petitionGuid' in returnTo
        ? urlFor('identity.return', {}, { qs: { petition: returnTo.petitionGuid, ...outcome } })
        : urlFor('my.account.identity.return', {}, { qs: outcome })
    return `${site.urlFor(returnTo.locale)}${path}`
  }
}
