import type Petition from '#models/petition'
import type User from '#models/user'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { avatarFor } from '#support/avatar'
import { bannerUrlOf } from '#transformers/petition_card_transformer'
import { petitionProgress } from '#shared/petitions/progress'
import { hideReasonOf } from '#shared/moderation'

/** A card of the My petitions list: the owner is the member looking at it. */
export default class MyPetitionTransformer extends BaseTransformer<Petition> {
  constructor(
    petition: Petition,
    private owner: User
  ) {
    super(petition)
  }

  toObject() {
    const { resource: petition, owner } = this
    return {
      guid: petition.guid,
      slug: petition.slug,
      bannerUrl: bannerUrlOf(petition),
      title: petition.title,
      target: petition.target,
      created: petition.createdAt.toISO()!,
      // The owner's numbers: the count and the progress bar, as on the petition's card.
      targetSignatures: petition.targetSignatures,
      allowOpposite: petition.allowOpposite,
      identityRequired: petition.identityRequired,
      ...petitionProgress(petition),
      // Hidden by the moderators: the owner sees why (a reason of the list, translated on the page).
      hiddenReason: petition.hiddenAt ? hideReasonOf(petition.hiddenReason) : null,
      user: { avatar: avatarFor(owner), firstName: owner.firstName, lastName: owner.lastName },
    }
  }
}
