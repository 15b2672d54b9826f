import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import type { I18n } from '@adonisjs/i18n'
import type Signature from '#models/signature'
import { flash, type FlashNote } from '#support/http/flash'
import { CSV_CONTENT_TYPE } from '#support/csv'
import { sendDownload } from '#support/http/download'
import { exportFileName, setSignatureActive, signaturesCsv } from '#services/signatures/management'
import { signatureStateValidator } from '#validators/signature_state'
import { recordModeratorsReading } from '#services/moderation/audit_trail'
import NotFoundException from '#exceptions/not_found_exception'
import { recentHours } from '#services/petitions/history'
import { requestedPage } from '#shared/pagination'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { countryName } from '#shared/countries'
import { csrfTokenFor } from '#support/http/csrf'
import { loadSignaturesPage } from '#services/signatures/signatures_page'
import { managedSignaturesProps } from '#presenters/signature_presenters'

/** What the owner reads above the table once a signature was removed or restored. */
function stateChangeNote(signature: Signature, active: boolean): FlashNote {
  // Stopped by the moderators' rules: it stays as it is.
  if (signature.blockedRule !== null) {
    return { type: 'error', key: 'page.signatures.stopped_by_rules_kept', show: 'box' }
  }
  // Invalidated by moderators: only their undo brings it back.
  if (active && signature.invalidationId !== null) {
    return { type: 'error', key: 'page.signatures.removed_by_moderators_locked', show: 'box' }
  }
  const key = active ? 'page.signatures.reactivated' : 'page.signatures.deactivated'
  return { type: 'success', key, params: { id: signature.id }, show: 'box' }
}

/** Every signature of the petition (`customFields` loaded) as CSV, in the request's language. */
function csvOf(petition: Petition, i18n: I18n) {
  return Readable.from(
    signaturesCsv(
      petition,
      petition.customFields,
      (key) => i18n.t(`page.signatures.csv.${key}`),
      (code) => countryName(code, i18n.locale)
    )
  )
}

/**
 * The owner's signatures: the table, remove / restore, and the
 * export. Every action checks the petition policy; a moderator's use of
 * another owner's signers is recorded in the audit trail.
 */
export default class PetitionSignaturesController {
  /** Petition/Signatures: 50 a page, newest first. */
  async index(ctx: HttpContext) {
    const petition = await this.managedBy(ctx, ctx.params.guid)
    await recordModeratorsReading(ctx.auth.user!, petition, 'signatures_viewed')
    const page = await loadSignaturesPage(petition, requestedPage(ctx.request.input('page')))
    page.signatures.baseUrl(urlFor('petitions.signatures.index', { guid: petition.guid }))
    const viewer = {
      csrfToken: csrfTokenFor(ctx),
      canRecordOffline: await ctx.bouncer.with(PetitionPolicy).allows('recordOffline', petition),
    }
    return ctx.inertia.render('Petition/Signatures', managedSignaturesProps(petition, page, viewer))
  }

  /** GET hours.json: the confirmed signatures of each of the last 48 hours, for the page's chart. */
  async hours(ctx: HttpContext) {
    const petition = await this.managedBy(ctx, ctx.params.guid)
    return { data: await recentHours(petition.id) }
  }

  /** PATCH {active}: remove or restore one signature of this petition; the page stays where it was. */
  async update(ctx: HttpContext) {
    const { request, response, params } = ctx
    const petition = await this.managedBy(ctx, params.guid)
    const { active } = await request.validateUsing(signatureStateValidator)
    const { signature } = await setSignatureActive(ctx.auth.user!, petition, params.id, active)
    if (!signature) throw new NotFoundException()
    flash(ctx, stateChangeNote(signature, active))
    // Back to the page of the table the owner was on (?page=N kept).
    return response
      .redirect()
      .withQs()
      .back(urlFor('petitions.signatures.index', { guid: petition.guid }))
  }

  /** POST download: every signature as CSV, streamed from the database. */
  async download(ctx: HttpContext) {
    const { response, params, i18n } = ctx
    const petition = await this.managedBy(ctx, params.guid)
    await recordModeratorsReading(ctx.auth.user!, petition, 'signatures_exported')
    await petition.load('customFields', (fields) => fields.orderBy('position'))
    const fileName = exportFileName(petition)
    sendDownload(response, {
      fileName,
      contentType: CSV_CONTENT_TYPE,
      stream: csvOf(petition, i18n),
    })
  }

  /** The petition of the guid, when the member may manage it (unknown guids: 404). */
  private async managedBy({ bouncer }: HttpContext, guid: string) {
    const petition = await Petition.findByOrFail('guid', guid)
    await bouncer.with(PetitionPolicy).authorize('edit', petition)
    return petition
  }
}
