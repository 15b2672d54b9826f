import type { HttpContext } from '@adonisjs/core/http'
import i18nManager from '@adonisjs/i18n/services/main'
import { isLocale } from '#app/i18n/locales'
import NotFoundException from '#exceptions/not_found_exception'

/** GET /translate/{locale}: the interface's messages, the client's fallback. */
export default class TranslationsController {
  async show({ params, response }: HttpContext) {
    if (!isLocale(params.locale)) throw new NotFoundException()
    response.header('Cache-Control', 'public, max-age=300')
    return i18nManager.getTranslationsFor(params.locale)
  }
}
