import type Petition from '#models/petition'
import type User from '#models/user'
import type { MyPetitionItem } from '#app/types/props'
import { avatarFor } from '#services/accounts/avatar'

/** The banner's URL of a petition whose banner media are preloaded. */
export function bannerUrlOf(petition: Petition) {
  return petition.media?.find((media) => media.type === 'banner')?.url ?? null
}

/** A card of the My petitions list. */
export function myPetitionItem(petition: Petition, owner: User): MyPetitionItem {
  return {
    guid: petition.guid,
    slug: petition.slug,
    bannerUrl: bannerUrlOf(petition),
    title: petition.title,
    target: petition.target,
    created: petition.createdAt.toISO()!,
    user: { avatar: avatarFor(owner), firstName: owner.firstName, lastName: owner.lastName },
  }
}
