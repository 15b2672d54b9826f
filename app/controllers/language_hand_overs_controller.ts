import type { HttpContext } from '@adonisjs/core/http'
import { Exception } from '@adonisjs/core/exceptions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { site } from '#config/site'
import { offerHandOver, takeHandOver } from '#services/accounts/language_hand_over'
import { startSession } from '#services/accounts/sessions'
import { flash } from '#support/http/flash'
import { rememberIntendedPath, sitePath } from '#support/http/intended_url'
import { handOverAcceptValidator, languageHandOverValidator } from '#validators/language_hand_over'

/**
 * A member switching language where each language's site keeps its own
 * session: the site they leave gives their browser a single-use pass, which
 * the browser posts to the other site at once (a form the page sends).
 */
export default class LanguageHandOversController {
  /** POST /language/hand-over: the pass and where to post it. */
  async store({ request, response, auth }: HttpContext) {
    const { locale } = await request.validateUsing(languageHandOverValidator)
    const token = await offerHandOver(auth.getUserOrFail())
    return response.json({
      action: `${site.urlFor(locale)}${urlFor('language_hand_over.accept')}`,
      token,
    })
  }

  /**
   * POST /language/hand-over/accept, sent by a page of another language's
   * site: its Origin proves it, so no other site can log a visitor in to an
   * account of its choosing. A pass taken already, or too late, sends the
   * visitor to log in here, then on to the page.
   */
  async accept(ctx: HttpContext) {
    const { request, response, session } = ctx
    if (!site.languageOrigins().includes(request.header('origin') ?? '')) {
      throw new Exception('A hand-over comes from a page of this site', { status: 403 })
    }
    const { token, to } = await request.validateUsing(handOverAcceptValidator)
    const landing = sitePath(to) ?? urlFor('home')
    const member = await takeHandOver(token)
    if (!member) {
      rememberIntendedPath(session, landing)
      flash(ctx, { type: 'info', key: 'page.auth.hand_over_expired', show: 'box' })
      return response.redirect().toRoute('auth.login')
    }
    await startSession(ctx.auth, session, member)
    return response.redirect(landing)
  }
}
