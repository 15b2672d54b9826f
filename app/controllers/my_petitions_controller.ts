import type { HttpContext } from '@adonisjs/core/http'
import type { MyPetitionsProps } from '#app/types/props'

/** My/MyPetitions (spec 2.15): the member's profile header and petitions. */
export default class MyPetitionsController {
  async index({ inertia, request }: HttpContext) {
    // Petitions arrive with the authoring issue: an empty paginator until then.
    const props: MyPetitionsProps = {
      petitions: { data: [], links: [], path: request.url(), total: 0 },
    }
    return inertia.render('My/MyPetitions', props)
  }
}
