import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { currentUserProps } from '#transformers/user_transformer'
import { site } from '#services/http/site'
import { DEFAULT_LOCALE, isLocale } from '#app/i18n/locales'
import type { AlertKind, Alerts, Messages, SharedProps, Swal } from '#app/types/props'

function readAlerts(bag: Partial<Record<AlertKind, unknown>> | undefined): Alerts {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  return {
    error: text(bag?.error),
    success: text(bag?.success),
    info: text(bag?.info),
    warning: text(bag?.warning),
  }
}

/**
 * Props shared by every page. Each is always present, null or
 * empty when there is nothing to say. A page may render before the session
 * or auth middleware ran (a 404 for instance), so every source is optional.
 */
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  sharedProps(ctx: HttpContext): SharedProps {
    const { session, auth, i18n } = ctx as Partial<HttpContext>
    const appLocale = i18n && isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
    const flash = session?.flashMessages
    const messageBag = flash?.get('messages') as Partial<Messages> | undefined

    return {
      appName: site.name,
      appUrl: site.urlFor(appLocale),
      appLocale,
      user: auth?.user ? currentUserProps(auth.user) : null,
      general: { domain: site.domain },
      messages: {
        ...readAlerts(messageBag),
        errors: Array.isArray(messageBag?.errors) ? messageBag.errors.map(String) : [],
      },
      alerts: readAlerts(flash?.get('alerts')),
      swal: (flash?.get('swal') ?? {}) as Swal,
      xUserName: site.xUserName,
      errors: this.fieldErrors(ctx),
    }
  }

  /**
   * The first error of each field. A form posting with an error bag gets its
   * errors under the bag's name, and nothing at all when it has none: an
   * empty bag would make the client take a success for a failure.
   */
  fieldErrors(ctx: HttpContext): Record<string, string> {
    const errors = this.getValidationErrors(ctx) as Record<string, any>
    const entries = Object.entries(errors).filter(
      ([, value]) => typeof value === 'string' || Object.keys(value ?? {}).length > 0
    )
    return Object.fromEntries(entries)
  }

  share(ctx: HttpContext) {
    // "always": partial reloads carry them too, so a page never lacks one.
    const entries = Object.entries(this.sharedProps(ctx)).map(([key, value]) => [
      key,
      ctx.inertia.always(value),
    ])
    return Object.fromEntries(entries)
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}
