import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import NotFoundException from '#exceptions/not_found_exception'
import { handoverValidator } from '#validators/paper_signatures'
import { MAX_HANDOVERS, recordHandover, removeHandover } from '#services/petitions/handovers'
import { photoRefusalRule } from '#support/images'
import { flashAlert } from '#support/http/flash'

/** The owner's record that the petition was handed over, shown on its page and mailed as news. */
export default class PetitionHandoversController {
  /** POST /petition/{guid}/handovers */
  async store({ params, request, response, auth, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('recordOffline', petition)
    const { photo, ...input } = await request.validateUsing(handoverValidator)
    let recorded: boolean
    try {
      recorded = await recordHandover(auth.user!, petition, input, photo?.tmpPath ?? null)
    } catch (error) {
      const rule = photoRefusalRule(error)
      if (rule) throw new RefusedFieldsException([{ field: 'photo', rule }])
      throw error
    }
    flashAlert(
      session,
      recorded ? 'success' : 'error',
      recorded
        ? i18n.t('page.handover.recorded')
        : i18n.t('page.handover.too_many', { max: MAX_HANDOVERS })
    )
    return response.redirect().back()
  }

  /** DELETE /petition/{guid}/handovers/{id} */
  async destroy({ params, response, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('recordOffline', petition)
    if (!(await removeHandover(petition, Number(params.id)))) throw new NotFoundException()
    flashAlert(session, 'success', i18n.t('page.handover.removed'))
    return response.redirect().back()
  }
}
