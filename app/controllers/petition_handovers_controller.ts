import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import NotFoundException from '#exceptions/not_found_exception'
import { handoverValidator } from '#validators/paper_signatures'
import { MAX_HANDOVERS, recordHandover, removeHandover } from '#services/petitions/handovers'
import { flash } from '#support/http/flash'

/** The owner's record that the petition was handed over, shown on its page and mailed as news. */
export default class PetitionHandoversController {
  /** POST /petition/{guid}/handovers */
  async store({ params, request, response, auth, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('recordOffline', petition)
    const { photo, ...input } = await request.validateUsing(handoverValidator)
    const recorded = await recordHandover(auth.user!, petition, input, photo?.tmpPath ?? null)
    flash(
      { session, i18n },
      recorded
        ? { type: 'success', key: 'page.handover.recorded' }
        : { type: 'error', key: 'page.handover.too_many', params: { max: MAX_HANDOVERS } }
    )
    return response.redirect().back()
  }

  /** DELETE /petition/{guid}/handovers/{id} */
  async destroy({ params, response, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('recordOffline', petition)
    if (!(await removeHandover(petition, Number(params.id)))) throw new NotFoundException()
    flash({ session, i18n }, { type: 'success', key: 'page.handover.removed' })
    return response.redirect().back()
  }
}
