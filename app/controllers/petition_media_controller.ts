import type { HttpContext } from '@adonisjs/core/http'
import { deleteMediaValidator, mediaUploadValidator } from '#validators/petition_media'
import PetitionMedia from '#models/petition_media'
import { petitionAtGuid } from '#services/petitions/petition_guid'
import PetitionPolicy from '#policies/petition_policy'
import {
  NoFreePhotoSlot,
  TooManyPendingMedia,
  storePetitionImage,
  deleteMedia,
} from '#services/petitions/media'
import { uploadRefusalKey, uploadRefusalStatus } from '#support/images'
import PetitionMediaTransformer from '#transformers/petition_media_transformer'

/** POST and DELETE /petition/{guid}/media: JSON answers for the create form. */
export default class PetitionMediaController {
  async store(ctx: HttpContext) {
    const { request, params, auth, bouncer } = ctx
    const target = await petitionAtGuid(params.guid)
    await bouncer.with(PetitionPolicy).authorize('write', target)
    try {
      const { file, type } = await request.validateUsing(mediaUploadValidator)
      const path = file.tmpPath!
      const media = await storePetitionImage(auth.user!, params.guid, target.petition, type, path)
      return new PetitionMediaTransformer(media).toObject()
    } catch (error) {
      return this.refuse(ctx, error)
    }
  }

  /** A picture refused for what it is or for the room left (422), or not stored just now (503). */
  private refuse({ response, i18n }: HttpContext, error: unknown) {
    if (error instanceof NoFreePhotoSlot) {
      return response.unprocessableEntity({ message: i18n.t('page.petition.photos_full') })
    }
    const refusal =
      error instanceof TooManyPendingMedia
        ? 'page.petition.too_many_pending_media'
        : uploadRefusalKey(error)
    if (!refusal) throw error
    const message = i18n.t(refusal)
    return response
      .status(uploadRefusalStatus(error))
      .send({ message, errors: { file: [message] } })
  }

  async destroy(ctx: HttpContext) {
    const { request, params, bouncer } = ctx
    const guid: string = params.guid
    await bouncer.with(PetitionPolicy).authorize('write', await petitionAtGuid(guid))
    const { id } = await request.validateUsing(deleteMediaValidator, { data: request.qs() })
    const media = await PetitionMedia.query()
      .where('id', id)
      .where('petition_guid', guid)
      .firstOrFail()
    await deleteMedia([media])
    return { deleted: id }
  }
}
