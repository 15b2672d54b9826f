import type { HttpContext } from '@adonisjs/core/http'
import string from '@adonisjs/core/helpers/string'
import type Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { signatureValidator, signValidation } from '#validators/signature'
import { petitionToSign, signPetition, type SignOutcome } from '#services/signatures/signing'
import { confirmSignature, signatureOfLink } from '#services/signatures/confirmation'
import { flashMessage, flashSwal } from '#support/http/flash'
import { rememberSigned } from '#support/http/signed_petitions_cookie'
import { localeOf } from '#app/i18n/locales'
import { signedFor } from '#support/http/signed_links'

/** Why a sign changed nothing: a confirmed signature is final; an unconfirmed one had its mails for today. */
const REFUSALS = {
  duplicate: 'page.sign.already_signed',
  link_already_sent: 'page.sign.link_already_sent',
} as const

export default class SignaturesController {
  /** POST /petition/{guid}/sign. */
  async store(ctx: HttpContext) {
    const { request, response, params, auth, i18n, bouncer } = ctx
    const petition = await petitionToSign(params.guid)
    const policy = bouncer.with(PetitionPolicy)
    await policy.authorize('view', petition)
    if (await policy.denies('sign', petition)) return this.refuse(ctx, 'error', 'page.sign.closed')
    const validation = signValidation(petition, request.all(), request.ip())
    const payload = await request.validateUsing(signatureValidator, validation)
    const signer = { user: auth.user ?? null, locale: localeOf(i18n) }
    const outcome = await signPetition(petition, payload, signer)
    if (!outcome.signed) return this.refuse(ctx, 'warning', REFUSALS[outcome.reason])
    const signedAt = outcome.signature.createdAt.toISO()!
    if (!auth.user) rememberSigned(response, request, petition.id, signedAt)
    return this.thank(ctx, petition, outcome)
  }

  /**
   * GET of a mailed confirmation link: a page with a button only,
   * so that mail scanners opening the link confirm nothing.
   */
  async show(ctx: HttpContext) {
    const { request, inertia, params } = ctx
    const signature = await signatureOfLink(params.id, signedFor(request))
    return inertia.render('Petition/ConfirmSignature', {
      confirmUrl: signature ? request.url(true) : null,
      petition: signature
        ? { title: signature.petition.title, slug: signature.petition.slug }
        : null,
      alreadyConfirmed: Boolean(signature?.confirmedAt),
    })
  }

  /**
   * POST of the same link: confirms once, then shows the petition. A link
   * replaced by a later sign, or whose signature was pruned, is invalid.
   */
  async confirm(ctx: HttpContext) {
    const { request, response, params, i18n } = ctx
    const signature = await signatureOfLink(params.id, signedFor(request))
    const confirmation = signature ? await confirmSignature(signature) : null
    if (!signature || !confirmation?.valid) {
      return this.refuse(ctx, 'error', 'page.sign.invalid_link')
    }
    const { title, slug } = signature.petition
    flashSwal(ctx.session, 'success', {
      title: i18n.t('page.sign.confirmed_title'),
      payload: i18n.t(
        confirmation.firstTime ? 'page.sign.confirmed_text' : 'page.sign.already_confirmed',
        { title: string.escapeHTML(title) }
      ),
    })
    return response.redirect().toRoute('petitions.show', { slug })
  }

  /** Back to the form with a message above it. */
  private refuse(ctx: HttpContext, kind: 'error' | 'warning', key: string) {
    flashMessage(ctx.session, kind, ctx.i18n.t(key))
    return ctx.response.redirect().back()
  }

  /**
   * Back to the petition with the thanks dialog, and the one that asks to
   * confirm by mail. Their payloads are HTML: whatever a user wrote is
   * escaped into them.
   */
  private thank(ctx: HttpContext, petition: Petition, outcome: SignOutcome & { signed: true }) {
    const { i18n } = ctx
    flashSwal(ctx.session, 'success', {
      title: i18n.t('page.sign.thanks_title'),
      payload: i18n.t('page.sign.thanks_text', { title: string.escapeHTML(petition.title) }),
    })
    if (!outcome.confirmed) {
      // A replaced signature's earlier link no longer works: say a new one was sent.
      const text = outcome.replaced ? 'page.sign.confirm_resent_text' : 'page.sign.confirm_text'
      flashSwal(ctx.session, 'warning', {
        title: i18n.t('page.sign.confirm_title'),
        payload: i18n.t(text, { email: string.escapeHTML(outcome.signature.email) }),
      })
    }
    return ctx.response.redirect().back()
  }
}
