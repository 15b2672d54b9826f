import { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { flashMessage } from '#support/http/flash'
import { csvDownloadHeaders } from '#support/csv'
import {
  exportFileName,
  setSignatureActive,
  signaturesCsv,
  signaturesPage,
} from '#services/signatures/management'
import ManagedSignatureTransformer from '#transformers/managed_signature_transformer'
import ManagedPetitionTransformer, {
  customFieldsColumns,
} from '#transformers/managed_petition_transformer'
import { signatureStateValidator } from '#validators/signature_state'
import { recordModeratorsReading } from '#services/moderation/audit_trail'
import NotFoundException from '#exceptions/not_found_exception'
import { recentHours } from '#services/petitions/history'
import { paginatorProps, requestedPage } from '#shared/pagination'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { countryName } from '#shared/countries'
import { csrfTokenFor } from '#support/http/csrf'
import { deliveryChoices } from '#services/delivery/delivery_package'
import { paperBatchesOf } from '#services/petitions/paper_signatures'
import { handoversOf } from '#services/petitions/handovers'
import PaperBatchTransformer from '#transformers/paper_batch_transformer'
import HandoverTransformer from '#transformers/handover_transformer'

/**
 * The owner's signatures: the table, remove / restore, and the
 * export. Every action checks the petition policy; a moderator's use of
 * another owner's signers is recorded in the audit trail.
 */
export default class PetitionSignaturesController {
  /** Petition/Signatures: 50 a page, newest first. */
  async index(ctx: HttpContext) {
    const { inertia, request, params } = ctx
    const petition = await this.managedBy(ctx, params.guid)
    await recordModeratorsReading(ctx.auth.user!, petition, 'signatures_viewed')
    await petition.load('customFields', (fields) => fields.orderBy('position'))
    const page = requestedPage(request.input('page'))
    const [signatures, paperBatches, handovers] = await Promise.all([
      signaturesPage(petition, page),
      paperBatchesOf(petition.id),
      handoversOf(petition.id),
    ])
    signatures.baseUrl(urlFor('petitions.signatures.index', { guid: petition.guid }))
    return inertia.render('Petition/Signatures', {
      petition: ManagedPetitionTransformer.transform(petition),
      signatures: paginatorProps(signatures, (signature) =>
        new ManagedSignatureTransformer(signature).toObject()
      ),
      customFieldsColumns: customFieldsColumns(petition.customFields),
      csrfToken: csrfTokenFor(ctx),
      /** The sheet and delivery package's choices: whom a package may be for. */
      delivery: await deliveryChoices(petition),
      /** Its batches of paper signatures, newest first, with their status. */
      paperBatches: paperBatches.map((batch) =>
        new PaperBatchTransformer(batch, petition.guid).toObject()
      ),
      /** The hand-overs its owner recorded. */
      handovers: handovers.map((handover) => new HandoverTransformer(handover).toObject()),
      /** Only its owner records what happened offline; a moderator sees it. */
      canRecordOffline: await ctx.bouncer.with(PetitionPolicy).allows('recordOffline', petition),
    })
  }

  /** GET hours.json: the confirmed signatures of each of the last 48 hours, for the page's chart. */
  async hours(ctx: HttpContext) {
    const petition = await this.managedBy(ctx, ctx.params.guid)
    return { data: await recentHours(petition.id) }
  }

  /** PATCH {active}: remove or restore one signature of this petition; the page stays where it was. */
  async update(ctx: HttpContext) {
    const { request, response, params, i18n } = ctx
    const petition = await this.managedBy(ctx, params.guid)
    const { active } = await request.validateUsing(signatureStateValidator)
    const { signature } = await setSignatureActive(ctx.auth.user!, petition, params.id, active)
    if (!signature) throw new NotFoundException()
    if (signature.blockedRule !== null) {
      // Stopped by the moderators' rules: it stays as it is.
      flashMessage(ctx.session, 'error', i18n.t('page.signatures.stopped_by_rules_kept'))
    } else if (active && signature.invalidationId !== null) {
      // Invalidated by moderators: only their undo brings it back.
      flashMessage(ctx.session, 'error', i18n.t('page.signatures.removed_by_moderators_locked'))
    } else {
      const done = active ? 'page.signatures.reactivated' : 'page.signatures.deactivated'
      flashMessage(ctx.session, 'success', i18n.t(done, { id: signature.id }))
    }
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
    for (const [name, value] of Object.entries(csvDownloadHeaders(exportFileName(petition)))) {
      response.header(name, value)
    }
    response.stream(
      Readable.from(
        signaturesCsv(
          petition,
          petition.customFields,
          (key) => i18n.t(`page.signatures.csv.${key}`),
          (code) => countryName(code, i18n.locale)
        )
      )
    )
  }

  /** The petition of the guid, when the member may manage it (unknown guids: 404). */
  private async managedBy({ bouncer }: HttpContext, guid: string) {
    const petition = await Petition.findByOrFail('guid', guid)
    await bouncer.with(PetitionPolicy).authorize('edit', petition)
    return petition
  }
}
