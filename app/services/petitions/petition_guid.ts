import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import type { PetitionGuid } from '#policies/petition_policy'

export async function petitionAtGuid(guid: string): Promise<PetitionGuid> {
  const petition = await Petition.findBy('guid', guid)
  if (petition) return { guid, petition, pendingMediaOwnerId: null }
  const media = await PetitionMedia.query().where('petition_guid', guid).select('user_id').first()
  return { guid, petition: null, pendingMediaOwnerId: media?.userId ?? null }
}
