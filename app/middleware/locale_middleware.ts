import { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { NextFn } from '@adonisjs/core/types/http'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'
import { localeFromHost } from '#app/i18n/locales'

/**
 * The page's language comes from the host's first label (es.example.org → es);
 * the bare domain and unknown labels are English. Validation
 * messages follow the same locale.
 */
export default class LocaleMiddleware {
  static {
    RequestValidator.messagesProvider = (ctx) => ctx.i18n.createMessagesProvider()
  }

  /**
   * One translator per locale, made once: making one negotiates its fallback
   * language, work that every request repeated. Nothing switches a request's
   * translator to another locale (mails make their own), so sharing is safe.
   */
  static #translators = new Map<string, I18n>()

  static translatorFor(locale: string) {
    let translator = LocaleMiddleware.#translators.get(locale)
    if (!translator) {
      translator = i18nManager.locale(locale)
      LocaleMiddleware.#translators.set(locale, translator)
    }
    return translator
  }

  async handle(ctx: HttpContext, next: NextFn) {
    ctx.i18n = LocaleMiddleware.translatorFor(localeFromHost(ctx.request.host()))
    ctx.containerResolver.bindValue(I18n, ctx.i18n)
    if ('view' in ctx) {
      ctx.view.share({ i18n: ctx.i18n })
    }
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: I18n
  }
}
