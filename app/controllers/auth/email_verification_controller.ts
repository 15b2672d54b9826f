import type { HttpContext } from '@adonisjs/core/http'
import {
  accountOfVerificationLink,
  declineSignUp,
  sendVerificationMail,
  verifyMailbox,
} from '#services/accounts/registration'
import { endSession } from '#services/accounts/sessions'
import { flashAlert } from '#support/http/flash'
import { mailGuard } from '#runtime/mail/mail_guard'
import { verificationAnswerValidator } from '#validators/auth'
import { signedFor } from '#support/http/signed_links'

/**
 * The mailed verification link (a signed URL, valid 24 hours, for one
 * address). Opening it changes nothing (mail scanners open every link): its
 * page asks the holder of the address whether the account is theirs, and
 * only its buttons, which post to the same signed URL, act.
 */
export default class EmailVerificationController {
  async show({ request, params, inertia }: HttpContext) {
    const user = await accountOfVerificationLink(params.id, signedFor(request))
    return inertia.render('Auth/VerifyEmail', {
      actionUrl: user ? request.url(true) : null,
      email: user?.email ?? null,
      verified: user?.isVerified ?? false,
    })
  }

  /** "Verify my account", or "I did not sign up", which deletes the unverified account. */
  async answer(ctx: HttpContext) {
    const { request, response, params, session, auth, i18n } = ctx
    const user = await accountOfVerificationLink(params.id, signedFor(request))
    const landing = () => response.redirect().toRoute(auth.user ? 'my.petitions' : 'auth.login')
    if (!user) {
      flashAlert(session, 'error', i18n.t('page.auth.verify_link_invalid'))
      return landing()
    }
    const { answer } = await request.validateUsing(verificationAnswerValidator)
    const ownBrowser = auth.user?.id === user.id

    if (answer === 'not_me') {
      const deleted = await declineSignUp(user, i18n.locale)
      if (deleted && ownBrowser) await endSession(auth, session)
      flashAlert(
        session,
        deleted ? 'success' : 'info',
        i18n.t(deleted ? 'page.auth.signup_declined' : 'page.auth.verify_link_used')
      )
      return response.redirect().toRoute('home')
    }

    const verified = await verifyMailbox(user, ownBrowser ? session.sessionId : null)
    flashAlert(
      session,
      verified ? 'success' : 'info',
      i18n.t(verified ? 'page.auth.verified' : 'page.auth.verify_link_used')
    )
    return landing()
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
