import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import Petition from '#models/petition'
import ModerationPolicy from '#policies/moderation_policy'
import {
  blockDomain,
  blockNetwork,
  exemptDomain,
  pauseSigning,
  resumeSigning,
  rulesOverview,
  liftRule,
} from '#services/fraud/rule_changes'
import { currentRules } from '#services/fraud/signing_rules'
import {
  blockDomainValidator,
  blockNetworkValidator,
  checkDomainValidator,
  exemptDomainValidator,
  liftRuleValidator,
  pauseSigningValidator,
} from '#validators/signing_rules'
import { flash } from '#support/http/flash'
import { signingRulesProps } from '#presenters/moderation_presenters'
import { disposableDomain, domainListed, NETWORK_HASH_PATTERN } from '#shared/fraud/signing_rules'

/**
 * The moderators' rules against signing attacks: blocked e-mail domains
 * (their own, besides the kept list of disposable-mail domains, from which
 * they exempt domains), blocked networks until an expiry, and a petition's
 * signing pause. A signature stopped by their own rules is answered as any
 * other and never counts; an address of the kept list is refused at once.
 */
export default class SigningRulesController {
  /** GET /moderation/rules: the rules, and (`check`) whether a domain is on the kept list. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('moderate')
    const rules = await rulesOverview()
    const check = await this.keptListCheck(ctx)
    const networkToBlock = networkHashOf(ctx.request.input('network'))
    return ctx.inertia.render('Moderation/Rules', signingRulesProps(rules, check, networkToBlock))
  }

  /**
   * The answer to "is this domain on the kept list?" (`check` in the query
   * string): on it (itself or a parent), exempted by the moderators, or not.
   */
  private async keptListCheck(ctx: HttpContext) {
    if (!ctx.request.input('check')) return null
    const { check: domain } = await ctx.request.validateUsing(checkDomainValidator, {
      data: { check: ctx.request.input('check') },
    })
    const rules = await currentRules()
    const listed = domainListed(rules.disposable, domain)
    return { domain, listed, exempted: listed && !disposableDomain(rules, domain) }
  }

  /** POST /moderation/rules/domains: block a domain and its sub-domains. */
  async storeDomain(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('manageRules')
    const { domain, reason } = await ctx.request.validateUsing(blockDomainValidator)
    await blockDomain(ctx.auth.user!, domain, reason)
    this.done(ctx, 'domain_blocked', { domain })
    return ctx.response.redirect().back()
  }

  /** DELETE /moderation/rules/domains/{id}: lift a domain's block. */
  async destroyDomain(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('manageRules')
    const { reason } = await ctx.request.validateUsing(liftRuleValidator)
    if (!(await liftRule(ctx.auth.user!, 'domains', ctx.params.id, reason ?? null))) {
      throw new NotFoundException()
    }
    this.done(ctx, 'domain_unblocked')
    return ctx.response.redirect().back()
  }

  /** POST /moderation/rules/exemptions: exempt a domain of the kept list (and its sub-domains). */
  async storeExemption(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('manageRules')
    const { domain, reason } = await ctx.request.validateUsing(exemptDomainValidator)
    await exemptDomain(ctx.auth.user!, domain, reason)
    this.done(ctx, 'domain_exempted', { domain })
    return ctx.response.redirect().back()
  }

  /** DELETE /moderation/rules/exemptions/{id}: its signers are refused again. */
  async destroyExemption(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('manageRules')
    const { reason } = await ctx.request.validateUsing(liftRuleValidator)
    if (!(await liftRule(ctx.auth.user!, 'exemptions', ctx.params.id, reason ?? null))) {
      throw new NotFoundException()
    }
    this.done(ctx, 'exemption_lifted')
    return ctx.response.redirect().back()
  }

  /** POST /moderation/rules/networks: block a network (a hash, or a typed address hashed) for a while. */
  async storeNetwork(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('manageRules')
    const { network, duration, reason } = await ctx.request.validateUsing(blockNetworkValidator)
    await blockNetwork(ctx.auth.user!, network, duration, reason)
    this.done(ctx, 'network_blocked')
    return ctx.response.redirect().back()
  }

  /** DELETE /moderation/rules/networks/{id}: lift a network's block before its end. */
  async destroyNetwork(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('manageRules')
    const { reason } = await ctx.request.validateUsing(liftRuleValidator)
    if (!(await liftRule(ctx.auth.user!, 'networks', ctx.params.id, reason ?? null))) {
      throw new NotFoundException()
    }
    this.done(ctx, 'network_unblocked')
    return ctx.response.redirect().back()
  }

  /** POST /moderation/petitions/{id}/signing-pause: pause its signing for a while or until lifted. */
  async pause(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('pauseSigning', petition)
    const { duration, reason } = await ctx.request.validateUsing(pauseSigningValidator)
    await pauseSigning(ctx.auth.user!, petition.id, duration, reason)
    this.done(ctx, 'signing_paused')
    return ctx.response.redirect().back()
  }

  /** DELETE /moderation/petitions/{id}/signing-pause: its signatures count again. */
  async resume(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('pauseSigning', petition)
    const { reason } = await ctx.request.validateUsing(liftRuleValidator)
    if (await resumeSigning(ctx.auth.user!, petition.id, reason ?? null))
      this.done(ctx, 'signing_resumed')
    else flash(ctx, { type: 'info', key: 'page.moderation.nothing_to_do' })
    return ctx.response.redirect().back()
  }

  private done(ctx: HttpContext, key: string, values: Record<string, string> = {}) {
    flash(ctx, { type: 'success', key: `page.moderation.rules.done.${key}`, params: values })
  }
}

/** A network hash given in the query string (a trend row's link), or nothing. */
function networkHashOf(value: unknown) {
  return typeof value === 'string' && NETWORK_HASH_PATTERN.test(value) ? value : ''
}
