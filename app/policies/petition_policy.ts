import { BasePolicy, allowGuest } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type Petition from '#models/petition'
import { ROLE_MODERATOR } from '#models/user'

/** Who may change a petition (decisions 10): its owner, and moderators. */
export default class PetitionPolicy extends BasePolicy {
  edit(user: User, petition: Petition): AuthorizerResponse {
    return user.id === petition.userId || user.role === ROLE_MODERATOR
  }

  /** A draft is its owner's only (decisions 9); everything published is public. */
  @allowGuest()
  view(user: User | null, petition: Petition): AuthorizerResponse {
    return petition.published || (user !== null && this.edit(user, petition) === true)
  }
}
