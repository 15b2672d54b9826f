import { AuthorizationResponse, BasePolicy, allowGuest } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type Petition from '#models/petition'
import type PetitionResponse from '#models/petition_response'
import { ROLE_MODERATOR } from '#models/user'

/**
 * What a petition's guid stands for. A new petition gets its guid from the
 * create form and pictures are uploaded under it before it is saved: until
 * then the guid belongs to whoever uploaded them.
 */
export type PetitionGuid = {
  guid: string
  petition: Petition | null
  pendingMediaOwnerId: number | null
}

/** Who may see and change a petition. */
export default class PetitionPolicy extends BasePolicy {
  /**
   * Its owner and moderators: the form, its pictures and its signatures.
   * Anyone else is refused with 403, or with 404 for a draft, whose
   * existence is nobody else's business.
   */
  edit(user: User, petition: Petition): AuthorizerResponse {
    if (user.id === petition.userId || user.role === ROLE_MODERATOR) return true
    return AuthorizationResponse.deny('Access denied', petition.published ? 403 : 404)
  }

  /**
   * Saving, or uploading pictures, under a guid: its petition as `edit`
   * says; a petition not saved yet unless another member's pictures already
   * claim the guid.
   */
  write(user: User, target: PetitionGuid): AuthorizerResponse {
    if (target.petition) return this.edit(user, target.petition)
    if (target.pendingMediaOwnerId === null || target.pendingMediaOwnerId === user.id) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /**
   * Official responses and the victory mark: its owner and moderators, on a
   * published petition (a draft has not been sent to anyone yet). Others
   * as `edit` says.
   */
  respond(user: User, petition: Petition): AuthorizerResponse {
    const editing = this.edit(user, petition)
    if (editing !== true) return editing
    if (petition.published) return true
    return AuthorizationResponse.deny('Not found', 404)
  }

  /**
   * Removing a response: as `respond` says, except for an answer a decision
   * maker sent through their link, which is theirs: a moderator removes it
   * (with a reason), never the petition's owner (403), a moderator who owns
   * it included.
   */
  removeResponse(
    user: User,
    petition: Petition,
    response: Pick<PetitionResponse, 'fromRecipient'>
  ): AuthorizerResponse {
    const responding = this.respond(user, petition)
    if (responding !== true || !response.fromRecipient) return responding
    if (user.role === ROLE_MODERATOR && user.id !== petition.userId) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /** Signing: a petition the viewer may see, published and not finished. */
  /**
   * Recording what the campaign did offline (paper signatures, a hand-over):
   * its owner alone, on a published petition. Moderators verify paper
   * batches; one who recorded them could count their own.
   */
  recordOffline(user: User, petition: Petition): AuthorizerResponse {
    if (user.id !== petition.userId) {
      return AuthorizationResponse.deny('Access denied', petition.published ? 403 : 404)
    }
    if (petition.published) return true
    return AuthorizationResponse.deny('Not found', 404)
  }

  /**
   * Its webhook endpoints and their deliveries: its owner alone, moderators
   * included among the others. An endpoint sends signers' data to an
   * address of its registrant's choosing, which no one but the owner, who
   * already holds that data, may choose. Anyone else gets 404, whatever the
   * petition's state: the endpoints are not something others may know of.
   */
  manageWebhooks(user: User, petition: Petition): AuthorizerResponse {
    if (user.id === petition.userId) return true
    return AuthorizationResponse.deny('Not found', 404)
  }

  @allowGuest()
  sign(user: User | null, petition: Petition): boolean {
    return this.view(user, petition) === true && petition.isOpenForSigning
  }

  /** Reporting to the moderators: a published petition, by anyone; a draft is nobody's to report (404). */
  @allowGuest()
  report(_user: User | null, petition: Petition): AuthorizerResponse {
    if (petition.published) return true
    return AuthorizationResponse.deny('Not found', 404)
  }

  /**
   * Asking the moderators to review a petition they hid: its owner only
   * (403 for anyone else, 404 for a draft), and only while it is hidden.
   */
  requestReview(user: User, petition: Petition): AuthorizerResponse {
    if (user.id !== petition.userId)
      return AuthorizationResponse.deny('Access denied', petition.published ? 403 : 404)
    if (petition.hiddenAt) return true
    return AuthorizationResponse.deny('Access denied', 403)
  }

  /** Everything published is public; a draft is its owner's only (404 for others). */
  @allowGuest()
  view(user: User | null, petition: Petition): AuthorizerResponse {
    if (petition.published) return true
    if (user && (user.id === petition.userId || user.role === ROLE_MODERATOR)) return true
    return AuthorizationResponse.deny('Not found', 404)
  }
}
