import type { HttpContext } from '@adonisjs/core/http'
import { confirmEmailChange, emailChangeOfLink, EmailTaken } from '#services/accounts/email_change'
import { flashAlert } from '#services/http/flash'

/**
 * The link mailed to the address a member moves to. Opening it changes
 * nothing (mail scanners open every link): its page's button, which posts
 * to the same signed URL, does. It works without logging in, on whatever
 * device reads that mailbox.
 */
export default class EmailChangeController {
  async show({ request, params, inertia }: HttpContext) {
    const user = await emailChangeOfLink(request, params.id)
    return inertia.render('Account/ConfirmEmailChange', {
      actionUrl: user ? request.url(true) : null,
      newEmail: user?.pendingEmail ?? null,
    })
  }

  async confirm(ctx: HttpContext) {
    const { request, response, params, session, i18n, auth } = ctx
    const user = await emailChangeOfLink(request, params.id)
    const landing = () => response.redirect().toRoute(auth.user ? 'my.account' : 'auth.login')
    try {
      const changed = user ? await confirmEmailChange(user) : null
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
}
