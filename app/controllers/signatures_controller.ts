import type { HttpContext } from '@adonisjs/core/http'
import string from '@adonisjs/core/helpers/string'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { signatureValidator, signValidation } from '#validators/signature'
import { signPetition, type SignOutcome } from '#services/signatures/signing'
import { petitionToSign } from '#services/signatures/petition_to_sign'
import { confirmSignature, signatureOfLink } from '#services/signatures/confirmation'
import { removalOf } from '#services/signatures/removal'
import { flashMessage, flashSwal } from '#support/http/flash'
import {
  forgetSigned,
  rememberSigned,
  signedPetitionsOf,
} from '#support/http/signed_petitions_cookie'
import SignaturePolicy from '#policies/signature_policy'
import {
  discardOwnPending,
  ownSignature,
  resendOwnLink,
} from '#services/signatures/viewer_signature'
import NotFoundException from '#exceptions/not_found_exception'
import { flashPetitionPage } from '#support/http/petition_page_flash'
import { localeOf } from '#app/i18n/locales'
import { signedFor } from '#support/http/signed_links'
import { currentRules } from '#services/fraud/signing_rules'

/** Why a sign changed nothing: a confirmed signature is final; an unconfirmed one had its mails for today. */
const REFUSALS = {
  duplicate: 'page.sign.already_signed',
  link_already_sent: 'page.sign.link_already_sent',
} as const

export default class SignaturesController {
  /** POST /petition/{guid}/sign. */
  async store(ctx: HttpContext) {
    const { request, response, params, auth, i18n, bouncer } = ctx
    const petition = await petitionToSign(params.guid, { reuse: !auth.user })
    const policy = bouncer.with(PetitionPolicy)
    await policy.authorize('view', petition)
    if (await policy.denies('sign', petition)) return this.refuse(ctx, 'error', 'page.sign.closed')
    const payload = await this.signInput(ctx, petition)
    const signer = { user: auth.user ?? null, locale: localeOf(i18n), ip: request.ip() }
    const outcome = await signPetition(petition, payload, signer)
    if (!outcome.signed) return this.refuse(ctx, 'warning', REFUSALS[outcome.reason])
    if (!auth.user) rememberSigned(response, request, petition.id, outcome.signature)
    return this.thank(ctx, petition, outcome)
  }

  /** The sign form, checked against the petition and the signing rules in force (in memory). */
  private async signInput({ request, auth }: HttpContext, petition: Petition) {
    const validation = signValidation(petition, request.all(), {
      ip: request.ip(),
      rules: await currentRules(),
      accountEmail: auth.user?.email ?? null,
    })
    return request.validateUsing(signatureValidator, validation)
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
      /** Moderators took it out of the counts: its signer learns when and why before confirming. */
      removal: signature ? await removalOf(signature) : null,
    })
  }

  /**
   * POST of the same link: confirms once, then shows the petition. A link
   * replaced by a later sign, or whose signature was pruned, is invalid.
   */
  async confirm(ctx: HttpContext) {
    const { request, response, params, auth } = ctx
    const signature = await signatureOfLink(params.id, signedFor(request))
    const confirmation = signature ? await confirmSignature(signature) : null
    if (!signature || !confirmation?.valid) {
      return this.refuse(ctx, 'error', 'page.sign.invalid_link')
    }
    // The page shows the signature's state to the browser that opened the
    // link (the mailbox is proven) and to the member who signed it.
    if (!auth.user) rememberSigned(response, request, signature.petitionId, signature)
    else if (!(await ctx.bouncer.with(SignaturePolicy).allows('manage', signature))) {
      this.confirmedElsewhere(ctx, signature.petition.title, confirmation)
    }
    flashPetitionPage(ctx.session, 'signatureConfirmed')
    return response.redirect().toRoute('petitions.show', { slug: signature.petition.slug })
  }

  /**
   * Someone else's signature, confirmed from this account's browser: the
   * page cannot show it, so a message says what the signer's page would.
   */
  private confirmedElsewhere(
    { session, i18n }: HttpContext,
    title: string,
    { removal, firstTime }: Awaited<ReturnType<typeof confirmSignature>>
  ) {
    const key = removal
      ? 'page.sign.confirmed_removed'
      : firstTime
        ? 'page.sign.confirmed_text'
        : 'page.sign.already_confirmed'
    flashMessage(session, 'success', i18n.t(key, { title, reason: removal?.reason }))
  }

  /**
   * POST /petition/{guid}/sign/resend: "Send it again", the confirmation
   * link of the viewer's signature waiting on this petition, within the
   * day's allowance of links for its address.
   */
  async resend(ctx: HttpContext) {
    const { session, i18n, response } = ctx
    const signature = await this.viewersOwn(ctx)
    const outcome = await resendOwnLink(signature)
    if (outcome === 'sent') {
      const text = i18n.t('page.petition_page.link_sent_again', { email: signature.email })
      flashMessage(session, 'success', text)
    } else if (outcome === 'confirmed') {
      flashMessage(session, 'info', i18n.t('page.my_signatures.already_confirmed'))
    } else {
      flashMessage(session, 'warning', i18n.t('page.sign.link_already_sent'))
    }
    return response.redirect().back()
  }

  /**
   * POST /petition/{guid}/sign/discard: "Wrong address?", the viewer's
   * signature waiting for confirmation is withdrawn (its link stops
   * working) and the form is back, to sign with the right address.
   */
  async discard(ctx: HttpContext) {
    const { session, i18n, request, response } = ctx
    const signature = await this.viewersOwn(ctx)
    if (await discardOwnPending(signature)) {
      forgetSigned(response, request, signature.petitionId)
      flashMessage(session, 'info', i18n.t('page.petition_page.pending_discarded'))
    } else {
      flashMessage(session, 'info', i18n.t('page.my_signatures.already_confirmed'))
    }
    return response.redirect().back()
  }

  /** The viewer's own signature on the route's petition: 404 when there is none. */
  private async viewersOwn({ params, request, auth, bouncer }: HttpContext) {
    const petition = await Petition.query().where('guid', String(params.guid)).firstOrFail()
    await bouncer.with(PetitionPolicy).authorize('view', petition)
    const viewer = { user: auth.user ?? null, signedByCookie: signedPetitionsOf(request) }
    const signature = await ownSignature(petition, viewer)
    if (!signature) throw new NotFoundException()
    await bouncer.with(SignaturePolicy).authorize('changeFromPage', signature, petition)
    return signature
  }

  /** Back to the form with a message above it. */
  private refuse(ctx: HttpContext, kind: 'error' | 'warning', key: string) {
    flashMessage(ctx.session, kind, ctx.i18n.t(key))
    return ctx.response.redirect().back()
  }

  /**
   * Back to the petition with one dialog: thanks, for a signature that
   * counts at once; otherwise "almost done", which sends the signer to their
   * inbox. Payloads are HTML: whatever a user wrote is escaped into them.
   */
  private thank(ctx: HttpContext, petition: Petition, outcome: SignOutcome & { signed: true }) {
    const { i18n } = ctx
    if (outcome.confirmed) {
      flashSwal(ctx.session, 'success', {
        title: i18n.t('page.sign.thanks_title'),
        payload: i18n.t('page.sign.confirmed_text', { title: string.escapeHTML(petition.title) }),
      })
      return ctx.response.redirect().back()
    }
    // Not counted yet: almost done, the mailbox has the last step. A replaced
    // signature's earlier link no longer works: say a new one was sent.
    const text = outcome.replaced ? 'page.sign.confirm_resent_text' : 'page.sign.confirm_text'
    flashSwal(ctx.session, 'info', {
      title: i18n.t('page.petition_page.almost_done_title'),
      payload: i18n.t(text, { email: string.escapeHTML(outcome.signature.email) }),
    })
    return ctx.response.redirect().back()
  }
}
