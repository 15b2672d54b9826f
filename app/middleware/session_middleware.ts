import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { sessionUnchecked } from '#runtime/sessions/guests_in_cookie_store'
import type { NextFn } from '@adonisjs/core/types/http'
import { Session } from '@adonisjs/session'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import { withoutSetCookie } from '#support/http/cookie_header'
// The package's own middleware module brings the redirect and validation-error macros.
import '@adonisjs/session/session_middleware'

let resolved: Promise<ResolvedSessionConfig> | null = null

/** config/session.ts with its stores made, once per process. */
function sessionConfig(): Promise<ResolvedSessionConfig> {
  resolved ??= configProvider
    .resolve<ResolvedSessionConfig>(app, app.config.get('session'))
    .then((config) => config!)
  return resolved
}

/**
 * The session, as @adonisjs/session's middleware keeps it, with one rule
 * more: a session exists in the browser only while it holds something (a
 * member's login, a message or errors to show next, where a guest was
 * going). A visitor with nothing in it gets no session cookie and costs no
 * signing or writing; a session emptied by this request (its messages
 * shown, a logout) loses its cookie in the same answer. So the cookie's
 * presence is what says "this visitor may have something personal to
 * see", and a shared cache (deploy/nginx.conf) can tell by its name alone.
 */
export default class SessionMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const config = await sessionConfig()
    if (!config.enabled) return next()
    const session = new Session(config, config.stores[config.store], emitter, ctx)
    ctx.session = session
    await session.initiate(false)
    const output = await next()
    // Nothing came, nothing to keep: no cookie to sign, nothing to write.
    if (session.fresh && session.isEmpty && session.responseFlashMessages.isEmpty) return output
    await session.commit()
    // One the store could not read (it was away) may be a member's: its cookie stays.
    if (session.isEmpty && !sessionUnchecked(ctx)) {
      // Its values went with the commit (the store's destroy); its id's cookie goes too.
      withoutSetCookie(ctx.response, config.cookieName)
      ctx.response.clearCookie(config.cookieName, config.cookie)
    }
    return output
  }
}
