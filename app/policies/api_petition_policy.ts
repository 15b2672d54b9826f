import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type Petition from '#models/petition'

/**
 * What an API token's member may read of a petition. A token acts for its
 * member on their own petitions only (moderators included: their powers
 * stay on the site, where they are audited); another's petition is
 * answered as missing, so that a token cannot probe which guids exist.
 */
export default class ApiPetitionPolicy extends BasePolicy {
  readSignatures(user: User, petition: Petition): AuthorizerResponse {
    if (user.id === petition.userId) return true
    return AuthorizationResponse.deny('Not found', 404)
  }
}
