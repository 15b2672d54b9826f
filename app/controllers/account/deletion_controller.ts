import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { accountDeletionValidator } from '#validators/account'
import { requireCurrentPassword } from '#services/accounts/current_password'
import { accountOfDeletionLink, deleteAccount, mailDeletionLink } from '#services/accounts/deletion'
import { endSession } from '#services/accounts/sessions'
import { flash } from '#support/http/flash'
import { signedFor } from '#support/http/signed_links'
import { confirmDeletionProps } from '#presenters/account_presenters'

/**
 * Deleting an account: with its current password on My/Account, or, for an
 * account without one, from a link mailed to its address (its page asks,
 * its button deletes).
 */
export default class DeletionController {
  /** POST /my/account/delete: the current password, and the member's word that they understood. */
  async destroy(ctx: HttpContext) {
    const { request, auth } = ctx
    const user = auth.getUserOrFail()
    if (!user.password) {
      flash(ctx, { type: 'error', key: 'page.account.delete_needs_link' })
      return ctx.response.redirect().toRoute('my.account')
    }
    const { currentPassword } = await request.validateUsing(accountDeletionValidator)
    await requireCurrentPassword(user, currentPassword)
    return this.deleteAndLeave(ctx, user)
  }

  /** POST /my/account/delete/link: the link, mailed to the account's address. */
  async sendLink(ctx: HttpContext) {
    const { auth, i18n, response } = ctx
    const user = auth.getUserOrFail()
    await mailDeletionLink(user, i18n.locale)
    flash(ctx, {
      type: 'success',
      key: 'page.account.delete_link_sent',
      params: { email: user.email },
    })
    return response.redirect().toRoute('my.account')
  }

  /** GET of the mailed link: a page with a button; nothing is deleted. */
  async show({ request, params, inertia }: HttpContext) {
    const user = await accountOfDeletionLink(params.id, signedFor(request))
    return inertia.render('Account/ConfirmDeletion', confirmDeletionProps(user, request.url(true)))
  }

  /** POST of the mailed link: deletes. */
  async destroyFromLink(ctx: HttpContext) {
    const { request, params, response } = ctx
    const user = await accountOfDeletionLink(params.id, signedFor(request))
    if (!user) {
      flash(ctx, { type: 'error', key: 'page.account.delete_link_invalid' })
      return response.redirect().toRoute('home')
    }
    return this.deleteAndLeave(ctx, user)
  }

  /** Deletes, logs this browser out when it was the member's, and says goodbye on the home page. */
  private async deleteAndLeave(ctx: HttpContext, user: User) {
    const { auth, session, i18n, response } = ctx
    await deleteAccount(user, i18n.locale)
    if (auth.user?.id === user.id) await endSession(auth, session)
    flash(ctx, { type: 'success', key: 'page.account.deleted' })
    return response.redirect().toRoute('home')
  }
}
