import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import UserTransformer from '#transformers/user_transformer'
import { site } from '#config/site'
import { sessionCookieDomain } from '#config/session'
import { localeOf } from '#app/i18n/locales'
import type { AlertKind, SwalMessage } from '#support/http/flash'

/** One toast per kind, or null: what `flash` (support/http/flash) left, shown by the Flash component. */
type Alerts = Record<AlertKind, string | null>
/** The messages box above a form: one text per kind and a list of errors. */
type Messages = Alerts & { errors: string[] }
/** The modal dialogs to open, per kind. */
type Swal = Partial<Record<AlertKind, SwalMessage>>

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
  // Every prop is "always": partial reloads carry them too, so a page never lacks one.
  share(ctx: HttpContext) {
    const { session, auth, i18n } = ctx as Partial<HttpContext>
    const appLocale = localeOf(i18n)
    const flash = session?.flashMessages
    const messageBag = flash?.get('messages') as Partial<Messages> | undefined
    const messages: Messages = {
      ...readAlerts(messageBag),
      errors: Array.isArray(messageBag?.errors) ? messageBag.errors.map(String) : [],
    }
    const always = ctx.inertia.always.bind(ctx.inertia)
    return {
      appName: always(site.name),
      appUrl: always(site.urlFor(appLocale)),
      appLocale: always(appLocale),
      user: always(auth?.user ? UserTransformer.transform(auth.user) : null),
      // Whether each language's site keeps its own session (a member switching is handed over).
      general: always({ domain: site.domain, sessionPerSite: sessionCookieDomain === undefined }),
      messages: always(messages),
      alerts: always(readAlerts(flash?.get('alerts'))),
      swal: always((flash?.get('swal') ?? {}) as Swal),
      xUserName: always(site.xUserName),
      errors: always(this.fieldErrors(ctx)),
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

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
