import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { avatarValidator } from '#validators/avatar'
import { NotAnImage, replaceAvatar } from '#services/avatar_upload_service'

/**
 * POST /my/avatar (multipart field `file`): answers JSON, `{avatar, message}`
 * on success and `{message}` with 422 otherwise (spec 7.2, 8).
 */
export default class AvatarsController {
  async store({ request, response, auth, i18n }: HttpContext) {
    const user = auth.getUserOrFail()
    try {
      const { file } = await request.validateUsing(avatarValidator)
      const avatar = await replaceAvatar(user, file.tmpPath!)
      return { avatar, message: i18n.t('page.my.avatar_uploaded') }
    } catch (error) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        const tooLarge = error.messages.some(
          (message: { rule: string }) => message.rule === 'file.size'
        )
        return response.unprocessableEntity({
          message: i18n.t(tooLarge ? 'page.my.avatar_too_large' : 'page.my.avatar_not_image'),
        })
      }
      if (error instanceof NotAnImage) {
        return response.unprocessableEntity({ message: i18n.t('page.my.avatar_not_image') })
      }
      throw error
    }
  }
}
