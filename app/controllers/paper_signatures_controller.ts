import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import ModerationPolicy from '#policies/moderation_policy'
import NotFoundException from '#exceptions/not_found_exception'
import { paperBatchValidator, paperDecisionValidator } from '#validators/paper_signatures'
import {
  TooManyPendingBatches,
  decidePaperBatch,
  paperBatchOf,
  paperBatchPhoto,
  recordPaperBatch,
  withdrawPaperBatch,
} from '#services/petitions/paper_signatures'
import { recordModeratorsReading } from '#services/moderation/audit_trail'
import { flash, type FlashNote } from '#support/http/flash'
import { MAX_PENDING_PAPER_BATCHES } from '#shared/petitions/paper'

const BATCH_RECORDED: FlashNote = { type: 'success', key: 'page.paper.recorded' }
/** A batch refused: the owner has too many waiting for a moderator. */
const TOO_MANY_PENDING: FlashNote = {
  type: 'error',
  key: 'page.paper.too_many_pending',
  params: { max: MAX_PENDING_PAPER_BATCHES },
}

/**
 * Paper signatures: the owner records a batch with the photo of its sheets
 * (or takes back one that still waits), the owner and moderators see that
 * photo, and moderators verify or reject the batch.
 */
export default class PaperSignaturesController {
  /** POST /petition/{guid}/paper: a batch, waiting for a moderator. */
  async store(ctx: HttpContext) {
    const { request, response, auth, bouncer } = ctx
    const petition = await Petition.findByOrFail('guid', ctx.params.guid)
    await bouncer.with(PetitionPolicy).authorize('recordOffline', petition)
    const { photo, ...input } = await request.validateUsing(paperBatchValidator)
    const recorded = await recordPaperBatch(auth.user!, petition, input, photo.tmpPath!).then(
      () => true,
      (error) => (error instanceof TooManyPendingBatches ? false : Promise.reject(error))
    )
    flash(ctx, recorded ? BATCH_RECORDED : TOO_MANY_PENDING)
    return response.redirect().back()
  }

  /** DELETE /petition/{guid}/paper/{id}: the owner takes back a batch that still waits. */
  async destroy({ params, response, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('recordOffline', petition)
    const withdrawn = await withdrawPaperBatch(petition, Number(params.id))
    if (withdrawn === null) throw new NotFoundException()
    flash(
      { session, i18n },
      {
        type: withdrawn ? 'success' : 'error',
        key: withdrawn ? 'page.paper.withdrawn' : 'page.paper.already_decided',
      }
    )
    return response.redirect().back()
  }

  /**
   * GET /petition/{guid}/paper/{id}/photo: the sheets' photo, to the owner
   * and moderators only (it shows signers' names); a moderator's look is
   * recorded as reading the signers' data.
   */
  async photo({ params, response, auth, bouncer }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('edit', petition)
    await recordModeratorsReading(auth.user!, petition, 'signatures_viewed')
    const photo = await paperBatchPhoto(petition, Number(params.id))
    if (!photo) throw new NotFoundException()
    response.header('Content-Type', 'image/jpeg')
    response.header('Cache-Control', 'private, no-store')
    response.header('X-Content-Type-Options', 'nosniff')
    response.stream(photo)
  }

  /** POST /moderation/petitions/{id}/paper/{batch}: a moderator verifies or rejects it. */
  async decide({ params, request, response, auth, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findOrFail(params.id)
    const batch = await paperBatchOf(petition, Number(params.batch))
    if (!batch) throw new NotFoundException()
    await bouncer.with(ModerationPolicy).authorize('decidePaper', petition, batch)
    const { decision, reason } = await request.validateUsing(paperDecisionValidator)
    const done = await decidePaperBatch(auth.user!, petition, batch.id, decision, reason ?? null)
    if (done === null) throw new NotFoundException()
    const key = !done
      ? 'page.paper.already_decided'
      : decision === 'verify'
        ? 'page.moderation.paper.verified'
        : 'page.moderation.paper.rejected'
    flash({ session, i18n }, { type: done ? 'success' : 'info', key })
    return response.redirect().back()
  }
}
