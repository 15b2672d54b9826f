import Petition from '#models/petition'
import { petitionsToSign } from '#runtime/caches/process_caches'

/*
 * The petitions signed in this process lately are kept with their custom
 * fields (runtime/caches/process_caches): a viral petition gets hundreds of
 * signatures a second, all for the same row. Kept as long as a page's data,
 * dropped at once when the petition changes (PetitionChanged), and only
 * read, never changed, by a sign.
 */

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
