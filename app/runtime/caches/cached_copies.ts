import { forgetAllPetitionPages, forgetPetitionPages } from '#services/petitions/page_data'
import {
  forgetAllPetitionsToSign,
  forgetPetitionsToSign,
} from '#services/signatures/petition_to_sign'
import { forgetTrending } from '#services/petitions/listing/trending'
import { forgetSignaturesTotal } from '#services/petitions/signatures_total'
import { forgetSiteSignaturesByCountry } from '#services/petitions/signatures_by_country'

/**
 * What changed: the petitions, and whether their counts moved (a counter
 * flush). `signingUnchanged`: only their signatures or counts changed,
 * nothing a sign reads (told in this process only: another process's
 * message gathers several changes, so it forgets everything).
 */
export type PetitionChange = {
  petitionIds: number[]
  countsMoved: boolean
  signingUnchanged?: boolean
}

/**
 * Drops every copy this process keeps of what changed petitions show: their
 * page data always; the copies signing uses unless only signatures or counts
 * moved; the trending ranking, the site's total of signatures and its
 * counts by country when their counts moved. The next request reads them
 * afresh.
 */
export function forgetCachedCopies(change: PetitionChange) {
  forgetPetitionPages(change.petitionIds)
  if (!change.signingUnchanged) forgetPetitionsToSign(change.petitionIds)
  if (change.countsMoved) {
    forgetTrending()
    forgetSignaturesTotal()
    forgetSiteSignaturesByCountry()
  }
}

/** Drops every copy this process keeps: it may have missed changes (Redis was away). */
export function forgetAllCachedCopies() {
  forgetAllPetitionPages()
  forgetAllPetitionsToSign()
  forgetTrending()
  forgetSignaturesTotal()
  forgetSiteSignaturesByCountry()
}
