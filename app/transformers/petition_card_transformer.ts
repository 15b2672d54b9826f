import type Petition from '#models/petition'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { petitionProgress } from '#shared/petitions/progress'
import { avatarFor, initialsAvatar } from '#support/avatar'

/** The banner's URL of a petition whose banner media are preloaded. */
export function bannerUrlOf(petition: Petition) {
  return petition.media?.find((media) => media.type === 'banner')?.url ?? null
}

/**
 * A petition's owner as its card and page show them, its `user` preloaded.
 * A petition whose owner deleted their account has none: it shows under
 * `deletedOwnerName` (translated by the caller) with a neutral avatar.
 */
export function ownerOf(petition: Petition, deletedOwnerName: string) {
  const owner = petition.userId === null ? null : petition.user
  if (!owner) {
    return {
      avatar: initialsAvatar('?'),
      firstName: deletedOwnerName,
      lastName: null,
      deleted: true,
    }
  }
  return {
    avatar: avatarFor(owner),
    firstName: owner.firstName,
    lastName: owner.lastName,
    deleted: false,
  }
}

/** A petition card of the home page and the list; user and banner preloaded. */
export default class PetitionCardTransformer extends BaseTransformer<Petition> {
  constructor(
    petition: Petition,
    private deletedOwnerName: string
  ) {
    super(petition)
  }

  toObject() {
    const petition = this.resource
    return {
      ...this.pick(petition, [
        'guid',
        'slug',
        'title',
        'target',
        'targetSignatures',
        'allowOpposite',
      ]),
      bannerUrl: bannerUrlOf(petition),
      /** What it is about: topic keys, named by the page in its language. */
      topics: petition.topics ?? [],
      /** Where it applies: a country code and a region or city, each null when not said. */
      place: { country: petition.country ?? null, region: petition.region ?? null },
      created: petition.createdAt.toISO()!,
      /** When signing closes by itself (ISO), or null: no closing date. */
      closesAt: petition.closesAt?.toUTC().toISO() ?? null,
      /** When signing closed (ISO: its closing date, or when its owner finished it), or null while open. */
      closedAt: petition.closedAt?.toUTC().toISO() ?? null,
      /** When its owner or a moderator marked it a victory (ISO), or null. */
      victoryAt: petition.victoryAt?.toUTC().toISO() ?? null,
      user: ownerOf(petition, this.deletedOwnerName),
      ...petitionProgress(petition),
    }
  }
}
