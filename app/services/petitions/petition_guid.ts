import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'

/**
 * What a petition's guid stands for. A new petition gets its guid from the
 * create form and pictures are uploaded under it before it is saved: until
 * then the guid belongs to whoever uploaded them.
 */
export type PetitionGuid = {
  guid: string
  petition: Petition | null
  pendingMediaOwnerId: number | null
}

export async function petitionAtGuid(guid: string): Promise<PetitionGuid> {
  const petition = await Petition.findBy('guid', guid)
  if (petition) return { guid, petition, pendingMediaOwnerId: null }
  const media = await PetitionMedia.query().where('petition_guid', guid).select('user_id').first()
  return { guid, petition: null, pendingMediaOwnerId: media?.userId ?? null }
}
