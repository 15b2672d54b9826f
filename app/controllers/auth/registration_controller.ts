import type { HttpContext } from '@adonisjs/core/http'
import { signupValidator } from '#validators/auth'
import { registerMember } from '#services/accounts/registration'
import { consumeSignupAccount } from '#runtime/limits/rate_limits'
import { startSession } from '#services/accounts/sessions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { isIntendedUrl, pullIntendedUrl } from '#support/http/intended_url'
import { flash } from '#support/http/flash'
import { registrationProps } from '#presenters/account_presenters'

export default class RegistrationController {
  async show({ inertia, session }: HttpContext) {
    const startingPetition = isIntendedUrl(session, urlFor('petitions.create'))
    return inertia.render('Auth/Registration', registrationProps(startingPetition))
  }

  async store(ctx: HttpContext) {
    const { request, response, i18n } = ctx
    const payload = await request.validateUsing(signupValidator, { meta: { ip: request.ip() } })
    await consumeSignupAccount(request.ip())
    const user = await registerMember(payload, i18n.locale)
    await startSession(ctx.auth, ctx.session, user)
    flash(ctx, { type: 'success', key: 'page.auth.registered', params: { email: user.email } })
    return response.redirect(pullIntendedUrl(ctx.session))
  }
}
