import type { HttpContext } from '@adonisjs/core/http'
import Signature from '#models/signature'
import SignaturePolicy from '#policies/signature_policy'
import { mySignaturesProps } from '#presenters/member_presenters'
import { signaturesOf } from '#services/signatures/member_signatures'
import { withdrawSignature } from '#services/signatures/withdrawal'
import { resendConfirmationLink } from '#services/signatures/confirmation'
import { receiptsOf } from '#services/transparency/petition_log'
import { requestedPage } from '#shared/pagination'
import { flash, type FlashNote } from '#support/http/flash'

const PER_PAGE = 20

/** The columns a row of My signatures shows of its petition. */
const PETITION_COLUMNS = [
  'id',
  'title',
  'slug',
  'published',
  'finished',
  'closes_at',
  'allow_opposite',
  'support_count',
  'oppose_count',
  'target_signatures',
]

/** What the member reads above the list after asking for the link again (null: none sent). */
function resentNote(confirmed: boolean, sentTo: string | null): FlashNote {
  if (confirmed) return { type: 'info', key: 'page.my_signatures.already_confirmed', show: 'box' }
  if (sentTo === null) return { type: 'warning', key: 'page.sign.link_already_sent', show: 'box' }
  return {
    type: 'success',
    key: 'page.my_signatures.link_sent',
    params: { email: sentTo },
    show: 'box',
  }
}

/** My/Signatures: the petitions the member signed, and what they can do about each. */
export default class MySignaturesController {
  async index({ inertia, request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const signatures = await signaturesOf(user)
      .preload('petition', (petition) => petition.select(PETITION_COLUMNS))
      .orderBy('id', 'desc')
      .paginate(requestedPage(request.input('page')), PER_PAGE)
    signatures.baseUrl(request.url())
    // The page's receipts in one query: the member's own, shown to them alone.
    const confirmed = signatures.all().filter((signature) => signature.confirmedAt !== null)
    const receipts = await receiptsOf(confirmed.map((signature) => signature.receiptSecret))
    return inertia.render('My/Signatures', mySignaturesProps(signatures, receipts))
  }

  /** POST /my/signatures/{id}/withdraw: the signature is deleted and stops counting. */
  async withdraw(ctx: HttpContext) {
    const { response } = ctx
    const signature = await this.ownSignature(ctx)
    const withdrawn = await withdrawSignature(signature)
    const { title } = signature.petition
    flash(
      ctx,
      withdrawn
        ? { type: 'success', key: 'page.withdraw.done_text', params: { title }, show: 'box' }
        : { type: 'error', key: 'page.my_signatures.gone', show: 'box' }
    )
    return response.redirect().back()
  }

  /** POST /my/signatures/{id}/resend: the confirmation link of an unconfirmed signature, again. */
  async resend(ctx: HttpContext) {
    const signature = await this.ownSignature(ctx)
    const confirmed = Boolean(signature.confirmedAt)
    const sent = !confirmed && (await resendConfirmationLink(signature))
    flash(ctx, resentNote(confirmed, sent ? signature.email : null))
    return ctx.response.redirect().back()
  }

  /** The signature of the route, when the member signed it: 404 otherwise. */
  private async ownSignature({ params, bouncer }: HttpContext) {
    const signature = await Signature.query()
      .where('id', params.id)
      .preload('petition', (petition) => petition.select(PETITION_COLUMNS))
      .firstOrFail()
    await bouncer.with(SignaturePolicy).authorize('manage', signature)
    return signature
  }
}
