import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import { myPetitionsProps } from '#presenters/member_presenters'
import { requestedPage } from '#shared/pagination'

const PER_PAGE = 10

/** My/MyPetitions: the member's profile header and petitions. */
export default class MyPetitionsController {
  async index({ inertia, request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const page = requestedPage(request.input('page'))
    const petitions = await Petition.query()
      .where('user_id', user.id)
      .preload('media', (media) => media.where('type', 'banner'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(page, PER_PAGE)
    petitions.baseUrl(request.url())
    return inertia.render('My/MyPetitions', myPetitionsProps(petitions, user))
  }
}
