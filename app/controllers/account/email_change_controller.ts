import type { HttpContext } from '@adonisjs/core/http'
import {
  confirmEmailChange,
  emailChangeOfLink,
  EmailTaken,
  undoEmailChange,
  undoOfLink,
} from '#services/accounts/email_change'
import { endSession } from '#services/accounts/sessions'
import type User from '#models/user'
import { flash, type FlashNote } from '#support/http/flash'
import { signedFor } from '#support/http/signed_links'
import { confirmEmailChangeProps, undoEmailChangeProps } from '#presenters/account_presenters'

/** The address was taken by another account meanwhile: the member is told; any other error is thrown. */
function taken(error: unknown): 'taken' {
  if (error instanceof EmailTaken) return 'taken'
  throw error
}

/** What the member reads once the new address's link was used (or could not be). */
function confirmationNote(changed: User | 'taken' | null): FlashNote {
  if (changed === 'taken') return { type: 'error', key: 'page.account.email_taken' }
  if (!changed) return { type: 'error', key: 'page.account.email_link_invalid' }
  return { type: 'success', key: 'page.account.email_changed', params: { email: changed.email } }
}

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
    const props = confirmEmailChangeProps(user, request.url(true))
    return inertia.render('Account/ConfirmEmailChange', props)
  }

  async confirm(ctx: HttpContext) {
    const { request, response, params, i18n, auth } = ctx
    const user = await emailChangeOfLink(params.id, signedFor(request))
    const changed = user ? await confirmEmailChange(user, i18n.locale).catch(taken) : null
    flash(ctx, confirmationNote(changed))
    return response.redirect().toRoute(auth.user ? 'my.account' : 'auth.login')
  }

  async showUndo({ request, params, inertia }: HttpContext) {
    const link = await undoOfLink(params.id, request.qs().from, signedFor(request))
    const props = undoEmailChangeProps(link, request.url(true))
    return inertia.render('Account/UndoEmailChange', props)
  }

  /** Brings the account back to the address it left; this browser is logged out of it. */
  async undo(ctx: HttpContext) {
    const { request, response, params, session, i18n, auth } = ctx
    const link = await undoOfLink(params.id, request.qs().from, signedFor(request))
    const restored = link
      ? await undoEmailChange(link.user, link.from, i18n.locale).catch(taken)
      : null
    if (restored === 'taken' || !restored) {
      const key = restored ? 'page.account.email_undo_taken' : 'page.account.email_undo_invalid'
      flash(ctx, { type: 'error', key })
      return response.redirect().toRoute('home')
    }
    if (auth.user?.id === restored.id) await endSession(auth, session)
    const undone = { email: restored.email }
    flash(ctx, { type: 'success', key: 'page.account.email_undone', params: undone })
    return response.redirect().toRoute('auth.login')
  }
}
