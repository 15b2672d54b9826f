import type { HttpContext } from '@adonisjs/core/http'
import {
  accountOfVerificationLink,
  declineSignUp,
  sendVerificationMail,
  verifyMailbox,
} from '#services/accounts/registration'
import { endSession } from '#services/accounts/sessions'
import { flash, type FlashNote } from '#support/http/flash'
import type User from '#models/user'
import { mailGuard } from '#runtime/mail/mail_guard'
import { verificationAnswerValidator } from '#validators/auth'
import { signedFor } from '#support/http/signed_links'
import { verifyEmailProps } from '#presenters/account_presenters'

/** A link already answered: the account was verified or declined before. */
const LINK_USED: FlashNote = { type: 'info', key: 'page.auth.verify_link_used' }

/**
 * The mailed verification link (a signed URL, valid 24 hours, for one
 * address). Opening it changes nothing (mail scanners open every link): its
 * page asks the holder of the address whether the account is theirs, and
 * only its buttons, which post to the same signed URL, act.
 */
export default class EmailVerificationController {
  async show({ request, params, inertia }: HttpContext) {
    const user = await accountOfVerificationLink(params.id, signedFor(request))
    return inertia.render('Auth/VerifyEmail', verifyEmailProps(user, request.url(true)))
  }

  /** "Verify my account", or "I did not sign up", which deletes the unverified account. */
  async answer(ctx: HttpContext) {
    const { request, response, session, auth } = ctx
    const user = await accountOfVerificationLink(ctx.params.id, signedFor(request))
    const landing = () => response.redirect().toRoute(auth.user ? 'my.petitions' : 'auth.login')
    if (!user) {
      flash(ctx, { type: 'error', key: 'page.auth.verify_link_invalid' })
      return landing()
    }
    const { answer } = await request.validateUsing(verificationAnswerValidator)
    const ownBrowser = auth.user?.id === user.id
    if (answer === 'not_me') return this.decline(ctx, user, ownBrowser)
    const verified = await verifyMailbox(user, ownBrowser ? session.sessionId : null)
    flash(ctx, verified ? { type: 'success', key: 'page.auth.verified' } : LINK_USED)
    return landing()
  }

  /** "I did not sign up": the unverified account goes, and its session if it is this browser's. */
  private async decline(ctx: HttpContext, user: User, ownBrowser: boolean) {
    const deleted = await declineSignUp(user, ctx.i18n.locale)
    if (deleted && ownBrowser) await endSession(ctx.auth, ctx.session)
    flash(ctx, deleted ? { type: 'success', key: 'page.auth.signup_declined' } : LINK_USED)
    return ctx.response.redirect().toRoute('home')
  }

  /** 'Verify now' on My petitions (POST /auth/email/resend), rate-limited. */
  async resend(ctx: HttpContext) {
    const { auth, response, i18n } = ctx
    const user = auth.getUserOrFail()
    if (user.isVerified) {
      flash(ctx, { type: 'info', key: 'page.auth.already_verified' })
    } else if (!(await mailGuard.allows(user.email, 'verificationMails'))) {
      // The member asks for their own mail: telling them reveals nothing.
      flash(ctx, { type: 'error', key: 'page.auth.verification_limited' })
    } else {
      await sendVerificationMail(user, i18n.locale)
      const params = { email: user.email }
      flash(ctx, { type: 'success', key: 'page.auth.verification_sent', params })
    }
    return response.redirect().back()
  }
}
