import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { petitionUpdateValidator } from '#validators/petition_update'
import { postNews } from '#services/petitions/news'
import { MAX_UPDATES } from '#shared/petitions/constants'
import { flash } from '#support/http/flash'

/** A petition's news, posted from its page by its owner or a moderator. */
export default class PetitionNewsController {
  /** POST /petition/{guid}/updates: posts one news item. */
  async store({ request, response, params, auth, bouncer, session, i18n }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('edit', petition)
    const payload = await request.validateUsing(petitionUpdateValidator)
    const posted = await postNews(auth.user!, petition, payload)
    flash(
      { session, i18n },
      posted
        ? { type: 'success', key: 'page.news.posted' }
        : { type: 'error', key: 'page.news.too_many', params: { max: MAX_UPDATES } }
    )
    return response.redirect().back()
  }
}
