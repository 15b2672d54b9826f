import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { answerRemovalValidator, petitionResponseValidator } from '#validators/petition_response'
import { petitionVictoryValidator } from '#validators/petition_victory'
import {
  addResponse,
  MAX_RESPONSES,
  removeResponse,
  responseOf,
  setVictory,
} from '#services/petitions/outcomes'
import { flash } from '#support/http/flash'
import NotFoundException from '#exceptions/not_found_exception'

/** What a petition achieved: official responses and the victory mark, by its owner or a moderator. */
export default class PetitionResponsesController {
  /** POST /petition/{guid}/responses: adds an official response. */
  async store({ request, response, params, auth, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('respond', petition)
    const payload = await request.validateUsing(petitionResponseValidator)
    const added = await addResponse(auth.user!, petition, payload)
    flash(
      { session, i18n },
      added
        ? { type: 'success', key: 'page.response.added' }
        : { type: 'error', key: 'page.response.too_many', params: { max: MAX_RESPONSES } }
    )
    return response.redirect().back()
  }

  /**
   * DELETE /petition/{guid}/responses/{id}: removes one of its responses; a
   * decision maker's answer only by a moderator, with a reason.
   */
  async destroy({ request, response, params, auth, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    const shown = await responseOf(petition, Number(params.id))
    if (!shown) throw new NotFoundException()
    await bouncer.with(PetitionPolicy).authorize('removeResponse', petition, shown)
    const { reason } = shown.fromRecipient
      ? await request.validateUsing(answerRemovalValidator)
      : { reason: null }
    await removeResponse(auth.user!, petition, shown, reason)
    flash({ session, i18n }, { type: 'success', key: 'page.response.removed' })
    return response.redirect().back()
  }

  /** PUT /petition/{guid}/victory: marks the petition a victory, or takes the mark back. */
  async victory({ request, response, params, auth, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('respond', petition)
    const { victory } = await request.validateUsing(petitionVictoryValidator)
    await setVictory(auth.user!, petition, victory)
    flash(
      { session, i18n },
      {
        type: 'success',
        key: victory ? 'page.response.victory_marked' : 'page.response.victory_unmarked',
      }
    )
    return response.redirect().back()
  }
}
