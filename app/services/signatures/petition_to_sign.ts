import env from '#start/env'
import Petition from '#models/petition'
import { ExpiringCopies } from '#support/expiring_copies'

/**
 * The petitions signed in this process lately, with their custom fields:
 * a viral petition gets hundreds of signatures a second, all for the same
 * row. Kept as long as a page's data (PETITION_PAGE_CACHE_MS), dropped at
 * once when the petition changes (PetitionChanged), and only read, never
 * changed, by a sign.
 */
const petitionsToSign = new ExpiringCopies<Petition>(
  () => env.get('PETITION_PAGE_CACHE_MS', 1000),
  (petition) => petition.id
)

/**
 * The petition a sign request names, with the custom fields its form
 * answers; 404 when none. A guest's sign may use a copy up to a second
 * old; a member, who may just have changed the petition in another
 * process, gets it fresh, as with its page.
 */
export function petitionToSign(guid: string, { reuse }: { reuse: boolean }) {
  const load = () => Petition.query().where('guid', guid).preload('customFields').firstOrFail()
  return petitionsToSign.get(guid, load, { reuse })
}

/** Drops the copies of changed petitions, so that the next sign reads them afresh. */
export function forgetPetitionsToSign(petitionIds: number[]) {
  petitionsToSign.forget(petitionIds)
}

/** Drops every copy (changes may have been missed). */
export function forgetAllPetitionsToSign() {
  petitionsToSign.clear()
}
