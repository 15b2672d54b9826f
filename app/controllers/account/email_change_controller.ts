import type { HttpContext } from '@adonisjs/core/http'
import {
  confirmEmailChange,
  emailChangeOfLink,
  EmailTaken,
  undoEmailChange,
  undoOfLink,
} from '#services/accounts/email_change'
import { endSession } from '#services/accounts/sessions'
import { flashAlert } from '#support/http/flash'
import { signedFor } from '#support/http/signed_links'

/**
 * The links mailed when a member moves their account to another address:
 * the one to the new address confirms the move, the one to the old address
 * undoes it. Opening either changes nothing (mail scanners open every
 * link): its page's button, which posts to the same signed URL, does. They
 * work without logging in, on whatever device reads that mailbox.
 */
export default class EmailChangeController {
  async show({ request, params, inertia }: HttpContext) {
    const user = await emailChangeOfLink(params.id, signedFor(request))
    return inertia.render('Account/ConfirmEmailChange', {
      actionUrl: user ? request.url(true) : null,
      newEmail: user?.pendingEmail ?? null,
    })
  }

  async confirm(ctx: HttpContext) {
    const { request, response, params, session, i18n, auth } = ctx
    const user = await emailChangeOfLink(params.id, signedFor(request))
    const landing = () => response.redirect().toRoute(auth.user ? 'my.account' : 'auth.login')
    try {
      const changed = user ? await confirmEmailChange(user, i18n.locale) : null
      if (!changed) {
        flashAlert(session, 'error', i18n.t('page.account.email_link_invalid'))
        return landing()
      }
      flashAlert(session, 'success', i18n.t('page.account.email_changed', { email: changed.email }))
      return landing()
    } catch (error) {
      if (!(error instanceof EmailTaken)) throw error
      flashAlert(session, 'error', i18n.t('page.account.email_taken'))
      return landing()
    }
  }

  async showUndo({ request, params, inertia }: HttpContext) {
    const link = await undoOfLink(params.id, request.qs().from, signedFor(request))
    return inertia.render('Account/UndoEmailChange', {
      actionUrl: link ? request.url(true) : null,
      previousEmail: link?.from ?? null,
      currentEmail: link?.user.email ?? null,
    })
  }

  /** Brings the account back to the address it left; this browser is logged out of it. */
  async undo(ctx: HttpContext) {
    const { request, response, params, session, i18n, auth } = ctx
    const link = await undoOfLink(params.id, request.qs().from, signedFor(request))
    try {
      const restored = link ? await undoEmailChange(link.user, link.from, i18n.locale) : null
      if (!restored) {
        flashAlert(session, 'error', i18n.t('page.account.email_undo_invalid'))
        return response.redirect().toRoute('home')
      }
      if (auth.user?.id === restored.id) await endSession(auth, session)
      flashAlert(session, 'success', i18n.t('page.account.email_undone', { email: restored.email }))
      return response.redirect().toRoute('auth.login')
    } catch (error) {
      if (!(error instanceof EmailTaken)) throw error
      flashAlert(session, 'error', i18n.t('page.account.email_undo_taken'))
      return response.redirect().toRoute('home')
    }
  }
}
