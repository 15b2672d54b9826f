import type { HttpContext } from '@adonisjs/core/http'
import string from '@adonisjs/core/helpers/string'
import { signatureOfWithdrawLink, withdrawSignature } from '#services/signatures/withdrawal'
import { forgetSigned } from '#support/http/signed_petitions_cookie'
import { flashMessage, flashSwal } from '#support/http/flash'
import { signedFor } from '#support/http/signed_links'

/** The withdraw link every mail to a signer carries. */
export default class SignatureWithdrawalsController {
  /**
   * GET of the link: the petition and a button only, so that mail
   * scanners opening the link withdraw nothing.
   */
  async show({ request, inertia, params }: HttpContext) {
    const signature = await signatureOfWithdrawLink(params.id, signedFor(request))
    const petition = signature?.petition
    return inertia.render('Petition/WithdrawSignature', {
      withdrawUrl: signature ? request.url(true) : null,
      petition: petition
        ? {
            title: petition.title,
            target: petition.target,
            slug: petition.published ? petition.slug : null,
          }
        : null,
      signature: signature
        ? {
            firstName: signature.firstName,
            signedAt: signature.createdAt.toISO()!,
            confirmed: signature.confirmedAt !== null,
          }
        : null,
    })
  }

  /** POST of the same link: deletes the signature, then shows the petition. */
  async store(ctx: HttpContext) {
    const { request, response, params, i18n, session } = ctx
    const signature = await signatureOfWithdrawLink(params.id, signedFor(request))
    if (!signature || !(await withdrawSignature(signature))) {
      flashMessage(session, 'error', i18n.t('page.withdraw.invalid_link'))
      return response.redirect().back()
    }
    const { petition } = signature
    forgetSigned(response, request, petition.id)
    flashSwal(session, 'success', {
      title: i18n.t('page.withdraw.done_title'),
      payload: i18n.t('page.withdraw.done_text', { title: string.escapeHTML(petition.title) }),
    })
    if (!petition.published) return response.redirect().toRoute('home')
    return response.redirect().toRoute('petitions.show', { slug: petition.slug })
  }
}
