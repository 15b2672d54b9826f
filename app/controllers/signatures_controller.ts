import type { HttpContext } from '@adonisjs/core/http'
import string from '@adonisjs/core/helpers/string'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { signatureValidator, type SignMeta } from '#validators/signature'
import { confirmSignature, signatureOfLink, signPetition } from '#services/signatures/signing'
import { normalizeEmail } from '#services/mail/email_normalizer'
import { flashMessage, flashSwal } from '#services/http/flash'
import { consumeSignAttempt } from '#start/limiter'
import { rememberSigned } from '#services/signatures/signed_petitions_cookie'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'

export default class SignaturesController {
  // Swal payloads are HTML: whatever a user wrote is escaped into them.

  /** POST /petition/{guid}/sign. */
  async store(ctx: HttpContext) {
    const { request, response, params, auth, i18n, bouncer } = ctx
    const petition = await Petition.query()
      .where('guid', params.guid)
      .preload('customFields')
      .firstOrFail()
    await bouncer.with(PetitionPolicy).authorize('view', petition)
    if (!petition.isOpenForSigning) {
      flashMessage(ctx, 'error', i18n.t('page.sign.closed'))
      return response.redirect().back()
    }

    const fields = [...petition.customFields].sort((a, b) => a.position - b.position)
    const meta: SignMeta = {
      ip: request.ip(),
      allowComments: petition.allowComments,
      customFields: fields.map(({ id, type, required }) => ({ id, type, required })),
    }
    const payload = await request.validateUsing(signatureValidator, {
      meta,
      data: { ...request.all(), customFields: alignAnswers(fields, request.input('customFields')) },
    })

    const user = auth.user ?? null
    await consumeSignAttempt(normalizeEmail(user?.email ?? payload.email))
    const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
    const outcome = await signPetition(petition, payload, { user, locale })

    if (!outcome.signed) {
      // A confirmed signature is final; an unconfirmed one had its mails for today.
      const answer =
        outcome.reason === 'duplicate' ? 'page.sign.already_signed' : 'page.sign.link_already_sent'
      flashMessage(ctx, 'warning', i18n.t(answer))
      return response.redirect().back()
    }
    if (!user) rememberSigned(ctx, petition.id, outcome.signature.createdAt.toISO()!)
    flashSwal(ctx, 'success', {
      title: i18n.t('page.sign.thanks_title'),
      payload: i18n.t('page.sign.thanks_text', { title: string.escapeHTML(petition.title) }),
    })
    if (!outcome.confirmed) {
      // A replaced signature's earlier link no longer works: say a new one was sent.
      flashSwal(ctx, 'warning', {
        title: i18n.t('page.sign.confirm_title'),
        payload: i18n.t(
          outcome.replaced ? 'page.sign.confirm_resent_text' : 'page.sign.confirm_text',
          {
            email: string.escapeHTML(outcome.signature.email),
          }
        ),
      })
    }
    return response.redirect().back()
  }

  /**
   * GET of a mailed confirmation link: a page with a button only,
   * so that mail scanners opening the link confirm nothing.
   */
  async show(ctx: HttpContext) {
    const { request, inertia, params } = ctx
    const signature = await signatureOfLink(params.id, (purpose) =>
      request.hasValidSignature(purpose)
    )
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
    const signature = await signatureOfLink(params.id, (purpose) =>
      request.hasValidSignature(purpose)
    )
    if (!signature) {
      flashMessage(ctx, 'error', i18n.t('page.sign.invalid_link'))
      return response.redirect().back()
    }
    const { signature: confirmed, changed } = await confirmSignature(signature)
    // Replaced or pruned between the check and the UPDATE: this link is an old one now.
    if (!confirmed || (!changed && confirmed.confirmationToken !== signature.confirmationToken)) {
      flashMessage(ctx, 'error', i18n.t('page.sign.invalid_link'))
      return response.redirect().back()
    }
    flashSwal(ctx, 'success', {
      title: i18n.t('page.sign.confirmed_title'),
      payload: i18n.t(changed ? 'page.sign.confirmed_text' : 'page.sign.already_confirmed', {
        title: string.escapeHTML(signature.petition.title),
      }),
    })
    return response.redirect().toRoute('petitions.show', { slug: signature.petition.slug })
  }
}

/**
 * The answers to the custom fields, one per field in the petition's order, so
 * that `customFields.{index}.value` names the field's position on the form.
 */
function alignAnswers(fields: Array<{ id: number }>, sent: unknown) {
  const answers = Array.isArray(sent) ? sent : []
  return fields.map((field) => {
    const answer = answers.find(
      (candidate) => candidate && Number((candidate as { id?: unknown }).id) === field.id
    ) as { value?: unknown } | undefined
    const value = answer?.value
    return {
      id: field.id,
      value:
        typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined,
    }
  })
}
