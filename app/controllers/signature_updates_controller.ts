import type { HttpContext } from '@adonisjs/core/http'
import { signatureOfStopLink, stopUpdates } from '#services/petitions/signer_news'
import { flash, type FlashNote } from '#support/http/flash'
import { answerOneClick, isOneClickUnsubscribe } from '#support/http/one_click_unsubscribe'
import { signedFor } from '#support/http/signed_links'
import { stopUpdatesProps } from '#presenters/signer_link_presenters'

/** What the signer reads once the news stopped (for the petition titled so), or the link did not work. */
function stopNote(petitionTitle: string | null): FlashNote {
  if (petitionTitle === null) {
    return { type: 'error', key: 'page.stop_updates.invalid_link', show: 'box' }
  }
  const params = { title: petitionTitle }
  return { type: 'success', key: 'page.stop_updates.stopped', params, show: 'box' }
}

/** The link in every mail of a petition's news that stops them for one signature. */
export default class SignatureUpdatesController {
  /**
   * GET of the link: the petition and a button only, so that mail scanners
   * opening the link stop nothing.
   */
  async show({ request, inertia, params }: HttpContext) {
    const signature = await signatureOfStopLink(params.id, signedFor(request))
    return inertia.render('Petition/StopUpdates', stopUpdatesProps(signature, request.url(true)))
  }

  /**
   * POST of the same link: the signature gets no more news; then the page
   * again, saying so. A mail client's one-click unsubscribe gets a status.
   */
  async stop(ctx: HttpContext) {
    const { request, response, params, i18n } = ctx
    const signature = await signatureOfStopLink(params.id, signedFor(request))
    const stopped = signature !== null && (await stopUpdates(signature))
    const note = stopNote(stopped ? signature.petition.title : null)
    if (isOneClickUnsubscribe(ctx)) {
      return answerOneClick(ctx, stopped, i18n.t(note.key, note.params))
    }
    flash(ctx, note)
    // The signed link itself: its page now says that the news has stopped.
    if (stopped) return response.redirect(request.url(true))
    return response.redirect().back()
  }
}
