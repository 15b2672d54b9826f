import type { HttpContext } from '@adonisjs/core/http'
import { signatureOfWithdrawLink, withdrawSignature } from '#services/signatures/withdrawal'
import { forgetSigned } from '#support/http/signed_petitions_cookie'
import { flash, type FlashNote } from '#support/http/flash'
import { withdrawSignatureProps } from '#presenters/signer_link_presenters'
import { signedFor } from '#support/http/signed_links'

/** The dialog that tells the signer their signature on the petition titled so is gone. */
function withdrawnNote(title: string): FlashNote {
  const params = { title }
  return {
    type: 'success',
    key: 'page.withdraw.done_text',
    params,
    show: 'dialog',
    titleKey: 'page.withdraw.done_title',
  }
}

/** The withdraw link every mail to a signer carries. */
export default class SignatureWithdrawalsController {
  /**
   * GET of the link: the petition and a button only, so that mail
   * scanners opening the link withdraw nothing.
   */
  async show({ request, inertia, params }: HttpContext) {
    const signature = await signatureOfWithdrawLink(params.id, signedFor(request))
    const props = withdrawSignatureProps(signature, request.url(true))
    return inertia.render('Petition/WithdrawSignature', props)
  }

  /** POST of the same link: deletes the signature, then shows the petition. */
  async store(ctx: HttpContext) {
    const { request, response, params } = ctx
    const signature = await signatureOfWithdrawLink(params.id, signedFor(request))
    if (!signature || !(await withdrawSignature(signature))) {
      flash(ctx, { type: 'error', key: 'page.withdraw.invalid_link', show: 'box' })
      return response.redirect().back()
    }
    const { petition } = signature
    forgetSigned(response, request, petition.id)
    flash(ctx, withdrawnNote(petition.title))
    if (!petition.published) return response.redirect().toRoute('home')
    return response.redirect().toRoute('petitions.show', { slug: petition.slug })
  }
}
