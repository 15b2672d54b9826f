import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { signatureValidator, signValidation } from '#validators/signature'
import {
  receiptOf,
  signPetition,
  type SignOutcome,
  type SignReceipt,
} from '#services/signatures/signing'
import { petitionToSign } from '#services/signatures/petition_to_sign'
import { confirmSignature, signatureOfLink } from '#services/signatures/confirmation'
import { removalOf } from '#services/signatures/removal'
import { flash, type FlashNote } from '#support/http/flash'
import {
  forgetSigned,
  rememberSigned,
  signatureRef,
  signedPetitionsOf,
} from '#support/http/signed_petitions_cookie'
import SignaturePolicy from '#policies/signature_policy'
import {
  discardOwnPending,
  ownRow,
  ownSigning,
  resendOwnLink,
  type OwnSigning,
} from '#services/signatures/viewer_signature'
import NotFoundException from '#exceptions/not_found_exception'
import { flashPetitionPage } from '#support/http/petition_page_flash'
import { localeOf } from '#app/i18n/locales'
import { signedFor } from '#support/http/signed_links'
import { confirmSignatureProps } from '#presenters/signer_link_presenters'
import { currentRules } from '#services/fraud/signing_rules'
import { residencePlaceName } from '#shared/identity'
import { consumeSignAttempt, giveBackSignAttempt } from '#runtime/limits/rate_limits'

/**
 * What a member is told when a sign changed nothing about their own
 * signature: a confirmed signature is final; an unconfirmed one had its
 * mails for today. Anyone else is answered as a first signer.
 */
const REFUSALS = {
  duplicate: 'page.sign.already_signed',
  link_already_sent: 'page.sign.link_already_sent',
  identity_required: 'page.sign_refusal.required',
  identity_expired: 'page.sign_refusal.expired',
  identity_already_signed: 'page.sign_refusal.already_signed',
  identity_residence: 'page.sign_refusal.residence',
} as const

/** What the viewer reads above the form after "Send it again": sent to `email`, confirmed already, or used up. */
function resentNote(outcome: 'sent' | 'confirmed' | 'limited', email: string): FlashNote {
  if (outcome === 'sent') {
    return {
      type: 'success',
      key: 'page.petition_page.link_sent_again',
      params: { email },
      show: 'box',
    }
  }
  if (outcome === 'confirmed') {
    return { type: 'info', key: 'page.my_signatures.already_confirmed', show: 'box' }
  }
  return { type: 'warning', key: 'page.sign.link_already_sent', show: 'box' }
}

export default class SignaturesController {
  /** POST /petition/{guid}/sign. */
  async store(ctx: HttpContext) {
    const { request, params, auth, i18n, bouncer } = ctx
    await consumeSignAttempt(request.ip(), auth.user?.email ?? request.input('email'))
    const petition = await petitionToSign(params.guid, { reuse: !auth.user })
    const policy = bouncer.with(PetitionPolicy)
    await policy.authorize('view', petition)
    if (await policy.denies('sign', petition)) return this.refuse(ctx, 'error', 'page.sign.closed')
    const payload = await this.signInput(ctx, petition)
    const signer = {
      user: auth.user ?? null,
      locale: localeOf(i18n),
      ip: request.ip(),
      session: ctx.session,
    }
    return this.answer(ctx, petition, await signPetition(petition, payload, signer))
  }

  /** The sign form, checked against the petition and the signing rules in force (in memory). */
  private async signInput({ request, auth }: HttpContext, petition: Petition) {
    const validation = signValidation(petition, request.all(), {
      ip: request.ip(),
      rules: await currentRules(),
      accountEmail: auth.user?.email ?? null,
    })
    try {
      return await request.validateUsing(signatureValidator, validation)
    } catch (error) {
      await giveBackSignAttempt(auth.user?.email ?? request.input('email'))
      throw error
    }
  }

  /**
   * GET of a mailed confirmation link: a page with a button only,
   * so that mail scanners opening the link confirm nothing.
   */
  async show(ctx: HttpContext) {
    const { request, inertia, params } = ctx
    const signature = await signatureOfLink(params.id, signedFor(request))
    const removal = signature ? await removalOf(signature) : null
    const props = confirmSignatureProps(signature, request.url(true), removal)
    return inertia.render('Petition/ConfirmSignature', props)
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
    if (!auth.user) {
      rememberSigned(response, request, signature.petitionId, signatureRef(signature))
    } else if (!(await ctx.bouncer.with(SignaturePolicy).allows('manage', signature))) {
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
    flash(
      { session, i18n },
      { type: 'success', key, params: { title, reason: removal?.reason }, show: 'box' }
    )
  }

  /**
   * POST /petition/{guid}/sign/resend: "Send it again", the confirmation
   * link of the viewer's signature waiting on this petition, within the
   * day's allowance of links for its address.
   */
  async resend(ctx: HttpContext) {
    const own = await this.viewersOwn(ctx)
    const outcome = await resendOwnLink(own)
    flash(ctx, resentNote(outcome, ownRow(own).email))
    return ctx.response.redirect().back()
  }

  /**
   * POST /petition/{guid}/sign/discard: "Wrong address?", the viewer's
   * signature waiting for confirmation is withdrawn (its link stops
   * working) and the form is back, to sign with the right address.
   */
  async discard(ctx: HttpContext) {
    const { request, response } = ctx
    const own = await this.viewersOwn(ctx)
    if (await discardOwnPending(own)) {
      forgetSigned(response, request, ownRow(own).petitionId)
      flash(ctx, { type: 'info', key: 'page.petition_page.pending_discarded', show: 'box' })
    } else {
      flash(ctx, { type: 'info', key: 'page.my_signatures.already_confirmed', show: 'box' })
    }
    return response.redirect().back()
  }

  /** What the viewer's sign left on the route's petition (a signature or a second one): 404 when nothing. */
  private async viewersOwn({ params, request, auth, bouncer }: HttpContext): Promise<OwnSigning> {
    const petition = await Petition.query().where('guid', String(params.guid)).firstOrFail()
    await bouncer.with(PetitionPolicy).authorize('view', petition)
    const viewer = { user: auth.user ?? null, signedByCookie: signedPetitionsOf(request) }
    const own = await ownSigning(petition, viewer)
    if (!own) throw new NotFoundException()
    await bouncer.with(SignaturePolicy).authorize('changeFromPage', ownRow(own), petition)
    return own
  }

  /** Back to the form with a message above it. */
  private refuse(
    ctx: HttpContext,
    kind: 'error' | 'warning',
    key: string,
    params?: Record<string, string>
  ) {
    flash(ctx, { type: kind, key, params, show: 'box' })
    return ctx.response.redirect().back()
  }

  /**
   * A sign's answer: a member told about their own signature gets the
   * refusal; anyone else, whether their sign stored a signature or was a
   * second one with an address, is remembered and thanked alike.
   */
  private answer(ctx: HttpContext, petition: Petition, outcome: SignOutcome) {
    if (!outcome.signed && outcome.reason !== 'repeated') {
      const params = { place: residencePlaceName(petition, localeOf(ctx.i18n)) }
      return this.refuse(ctx, 'warning', REFUSALS[outcome.reason], params)
    }
    const receipt = receiptOf(outcome)
    if (!ctx.auth.user) rememberSigned(ctx.response, ctx.request, petition.id, receipt.left)
    return this.thank(ctx, petition, receipt)
  }

  /**
   * Back to the petition with one dialog: thanks, for a signature that
   * counts at once; otherwise "almost done", which sends the signer to their
   * inbox, in the same words for a new, a replaced and a second signature
   * with an address: only the mailbox learns which it was. Payloads are
   * HTML: whatever a user wrote is escaped into them.
   */
  private thank(ctx: HttpContext, petition: Petition, receipt: SignReceipt) {
    if (receipt.confirmed) {
      flash(ctx, {
        type: 'success',
        key: 'page.sign.confirmed_text',
        params: { title: petition.title },
        show: 'dialog',
        titleKey: 'page.sign.thanks_title',
      })
      return ctx.response.redirect().back()
    }
    // Not counted yet: almost done, the mailbox has the last step.
    flash(ctx, {
      type: 'info',
      key: 'page.sign.confirm_text',
      params: { email: receipt.email },
      show: 'dialog',
      titleKey: 'page.petition_page.almost_done_title',
    })
    return ctx.response.redirect().back()
  }
}
