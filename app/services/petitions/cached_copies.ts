import { forgetPetitionPages } from '#services/petitions/page_data'
import { forgetTrending } from '#services/petitions/listing/trending'
import { forgetSignaturesTotal } from '#services/petitions/signatures_total'

/** What changed: the petitions, and whether their counts moved (a counter flush). */
export type PetitionChange = { petitionIds: number[]; countsMoved: boolean }

/**
 * Drops every copy this process keeps of what changed petitions show: their
 * page data always; the trending ranking and the site's total of signatures
 * when their counts moved. The next request reads them afresh.
 */
export function forgetCachedCopies(change: PetitionChange) {
  forgetPetitionPages(change.petitionIds)
  if (change.countsMoved) {
    forgetTrending()
    forgetSignaturesTotal()
  }
}
