import type { HttpContext } from '@adonisjs/core/http'
import { avatarValidator } from '#validators/avatar'
import { replaceAvatar } from '#services/accounts/avatar_upload'
import { uploadRefusalKey, uploadRefusalStatus } from '#support/images'

/**
 * POST /my/avatar (multipart field `file`): answers JSON, `{avatar, message}`
 * on success and `{message}` otherwise: 422 for the picture, 503 when it
 * could not be stored just now.
 */
export default class AvatarsController {
  async store({ request, response, auth, i18n }: HttpContext) {
    const user = auth.getUserOrFail()
    try {
      const { file } = await request.validateUsing(avatarValidator)
      const avatar = await replaceAvatar(user, file.tmpPath!)
      return { avatar, message: i18n.t('page.my.avatar_uploaded') }
    } catch (error) {
      const refusal = uploadRefusalKey(error)
      if (!refusal) throw error
      return response.status(uploadRefusalStatus(error)).send({ message: i18n.t(refusal) })
    }
  }
}
