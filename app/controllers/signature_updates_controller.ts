import type { HttpContext } from '@adonisjs/core/http'
import { signatureOfStopLink, stopUpdates } from '#services/petitions/signer_news'
import { flashMessage } from '#support/http/flash'
import { answerOneClick, isOneClickUnsubscribe } from '#support/http/one_click_unsubscribe'
import { signedFor } from '#support/http/signed_links'

/** The link in every mail of a petition's news that stops them for one signature. */
export default class SignatureUpdatesController {
  /**
   * GET of the link: the petition and a button only, so that mail scanners
   * opening the link stop nothing.
   */
  async show({ request, inertia, params }: HttpContext) {
    const signature = await signatureOfStopLink(params.id, signedFor(request))
    const petition = signature?.petition
    return inertia.render('Petition/StopUpdates', {
      stopUrl: signature ? request.url(true) : null,
      petition: petition
        ? {
            title: petition.title,
            slug: petition.isPublic ? petition.slug : null,
          }
        : null,
      stopped: signature ? !signature.wantsUpdates : false,
    })
  }

  /**
   * POST of the same link: the signature gets no more news; then the page
   * again, saying so. A mail client's one-click unsubscribe gets a status.
   */
  async stop(ctx: HttpContext) {
    const { request, response, params, i18n, session } = ctx
    const signature = await signatureOfStopLink(params.id, signedFor(request))
    const stopped = signature !== null && (await stopUpdates(signature))
    if (isOneClickUnsubscribe(ctx)) {
      const text = stopped
        ? i18n.t('page.stop_updates.stopped', { title: signature.petition.title })
        : i18n.t('page.stop_updates.invalid_link')
      return answerOneClick(ctx, stopped, text)
    }
    if (!stopped) {
      flashMessage(session, 'error', i18n.t('page.stop_updates.invalid_link'))
      return response.redirect().back()
    }
    flashMessage(
      session,
      'success',
      i18n.t('page.stop_updates.stopped', { title: signature.petition.title })
    )
    // The signed link itself: its page now says that the news has stopped.
    return response.redirect(request.url(true))
  }
}
