import type { ModelPaginatorContract } from '@adonisjs/lucid/types/model'
import type Petition from '#models/petition'
import type User from '#models/user'
import type { MyPetitionItem, Paginator } from '#app/types/props'
import { avatarFor } from '#services/avatar_service'

/** The banner's URL of a petition whose banner media are preloaded. */
export function bannerUrlOf(petition: Petition) {
  return petition.media?.find((media) => media.type === 'banner')?.url ?? null
}

/** A card of the My petitions list (spec 3.2). */
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

/**
 * A Lucid paginator as the pagination component reads it (spec 3.9): data,
 * links {active, url, label}, path and total.
 */
export function paginatorProps<Model, Item>(
  paginator: ModelPaginatorContract<Model & any>,
  map: (row: Model) => Item
): Paginator<Item> {
  const current = paginator.currentPage
  const pages = paginator.getUrlsForRange(1, paginator.lastPage)
  const links = [
    { active: false, url: current > 1 ? paginator.getUrl(current - 1) : null, label: '&laquo;' },
    ...pages.map((page) => ({ active: page.isActive, url: page.url, label: String(page.page) })),
    {
      active: false,
      url: current < paginator.lastPage ? paginator.getUrl(current + 1) : null,
      label: '&raquo;',
    },
  ]
  return {
    data: paginator.all().map((row) => map(row as Model)),
    links,
    path: paginator.getUrl(1).split('?')[0],
    total: paginator.total,
  }
}
