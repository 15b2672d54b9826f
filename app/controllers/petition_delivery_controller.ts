import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { recordModeratorsReading } from '#services/moderation/audit_trail'
import { signatureSheet } from '#services/delivery/signature_sheet'
import { deliveryPackage, deliveryRecipients } from '#services/delivery/delivery_package'
import { sendDownload } from '#support/http/download'
import { deliveryPackageValidator, signatureSheetValidator } from '#validators/delivery'

/**
 * What the owner prints and hands over: signature sheets to collect
 * signatures on paper, and the delivery package for the petition's
 * recipients. Both are plain form POSTs (the browser saves the streamed
 * file), for the petition's owner and moderators; a moderator's download of
 * another owner's signers is recorded in the audit trail.
 */
export default class PetitionDeliveryController {
  /** POST sheet: a printable signature sheet (PDF) in the chosen size and language. */
  async sheet(ctx: HttpContext) {
    const { request, response, params } = ctx
    const petition = await this.managedBy(ctx, params.guid)
    const options = await request.validateUsing(signatureSheetValidator)
    const sheet = signatureSheet(petition, options)
    sendDownload(response, { ...sheet, contentType: 'application/pdf' })
  }

  /** POST delivery: the package, a ZIP of one PDF per recipient or one recipient's PDF. */
  async package(ctx: HttpContext) {
    const { request, response, params } = ctx
    const petition = await this.managedBy(ctx, params.guid)
    const recipients = await deliveryRecipients(petition)
    const meta = { recipientIds: recipients.map((recipient) => recipient.id) }
    const input = await request.validateUsing(deliveryPackageValidator, { meta })
    const includeList = input.includeList ?? false
    if (includeList) await recordModeratorsReading(ctx.auth.user!, petition, 'signatures_exported')
    const download = await deliveryPackage(petition, recipients, {
      paperSize: input.paperSize,
      language: input.language,
      includeList,
      recipientId: input.recipient ?? undefined,
    })
    sendDownload(response, download)
  }

  /** The petition of the guid, when the member may manage it (unknown guids: 404). */
  private async managedBy({ bouncer }: HttpContext, guid: string) {
    const petition = await Petition.findByOrFail('guid', guid)
    await bouncer.with(PetitionPolicy).authorize('edit', petition)
    return petition
  }
}
