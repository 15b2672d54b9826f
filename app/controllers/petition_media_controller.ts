import type { HttpContext } from '@adonisjs/core/http'
import vine, { errors as vineErrors } from '@vinejs/vine'
import PetitionMedia from '#models/petition_media'
import { editablePetition } from '#controllers/petitions_controller'
import {
  mediaProps,
  NoFreePhotoSlot,
  storePetitionImage,
  deleteMedia,
} from '#services/petition_media_service'
import { NotAnImage } from '#services/avatar_upload_service'

const uploadValidator = vine.create({
  file: vine.file({ size: '5mb', extnames: ['png', 'jpg', 'jpeg'] }),
  type: vine.enum(['banner', 'photo', 'editor'] as const),
})

const deleteValidator = vine.create({
  id: vine.number().withoutDecimals().positive(),
})

/** POST and DELETE /petition/{guid}/media (spec 7.2): JSON answers for the create form. */
export default class PetitionMediaController {
  async store(ctx: HttpContext) {
    const { request, response, params, auth, i18n } = ctx
    const guid = String(params.guid).toLowerCase()
    const petition = await editablePetition(ctx, guid)
    try {
      const { file, type } = await request.validateUsing(uploadValidator)
      const media = await storePetitionImage(auth.user!, guid, petition, type, file.tmpPath!)
      return mediaProps(media)
    } catch (error) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        const tooLarge = error.messages.some(
          (message: { rule: string }) => message.rule === 'file.size'
        )
        const message = i18n.t(tooLarge ? 'page.my.avatar_too_large' : 'page.my.avatar_not_image')
        return response.unprocessableEntity({ message, errors: { file: [message] } })
      }
      if (error instanceof NotAnImage) {
        const message = i18n.t('page.my.avatar_not_image')
        return response.unprocessableEntity({ message, errors: { file: [message] } })
      }
      if (error instanceof NoFreePhotoSlot) {
        return response.unprocessableEntity({ message: i18n.t('page.petition.photos_full') })
      }
      throw error
    }
  }

  async destroy(ctx: HttpContext) {
    const { request, response, params } = ctx
    const guid = String(params.guid).toLowerCase()
    await editablePetition(ctx, guid)
    const { id } = await request.validateUsing(deleteValidator, { data: request.qs() })
    const media = await PetitionMedia.query().where('id', id).where('petition_guid', guid).first()
    if (!media) return response.notFound({ message: ctx.i18n.t('page.errors.404.text') })
    await deleteMedia([media])
    return { deleted: id }
  }
}
