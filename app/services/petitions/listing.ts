import Petition from '#models/petition'

export const PETITIONS_PER_PAGE = 10
export const SUCCESSFUL_ON_HOME = 6

/** Petitions anyone may find: published and not unlisted. */
function listed() {
  return Petition.query()
    .where('published', true)
    .where('private', false)
    .preload('user')
    .preload('media', (media) => media.where('type', 'banner'))
}

/** The public list: newest first, 10 a page. */
export function publicPetitions(page: number) {
  return listed()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .paginate(page, PETITIONS_PER_PAGE)
}

/** Home: up to 6 successful petitions, most recently successful first. */
export function successfulPetitions() {
  return listed()
    .whereRaw('support_count >= target_signatures')
    .orderByRaw('succeeded_at desc nulls last')
    .orderBy('created_at', 'desc')
    .limit(SUCCESSFUL_ON_HOME)
}
