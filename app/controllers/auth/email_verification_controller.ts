import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { markVerified, sendVerificationMail } from '#services/accounts/registration'
import { flashAlert } from '#services/http/flash'
import { mailGuard } from '#services/mail/mail_guard'

export default class EmailVerificationController {
  /** The mailed link: a signed URL, valid 24 hours, for one address. */
  async verify(ctx: HttpContext) {
    const { request, response, params, i18n } = ctx
    const user = await User.find(params.id)
    if (!user || !request.hasValidSignature(`verify-email:${user.email}`)) {
      flashAlert(ctx.session, 'error', i18n.t('page.auth.verify_link_invalid'))
      return response.redirect().toRoute(ctx.auth.user ? 'my.petitions' : 'auth.login')
    }
    await markVerified(user)
    flashAlert(ctx.session, 'success', i18n.t('page.auth.verified'))
    return response.redirect().toRoute(ctx.auth.user ? 'my.petitions' : 'auth.login')
  }

  /** 'Verify now' on My petitions (POST /auth/email/resend), rate-limited. */
  async resend(ctx: HttpContext) {
    const { auth, response, session, i18n } = ctx
    const user = auth.getUserOrFail()
    if (user.isVerified) {
      flashAlert(session, 'info', i18n.t('page.auth.already_verified'))
    } else if (!(await mailGuard.allows(user.email, 'verificationMails'))) {
      // The member asks for their own mail: telling them reveals nothing.
      flashAlert(session, 'error', i18n.t('page.auth.verification_limited'))
    } else {
      await sendVerificationMail(user, i18n.locale)
      flashAlert(session, 'success', i18n.t('page.auth.verification_sent', { email: user.email }))
    }
    return response.redirect().back()
  }
}
