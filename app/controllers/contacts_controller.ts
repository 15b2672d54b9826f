import type { HttpContext } from '@adonisjs/core/http'
import { contactValidator } from '#validators/contact'
import { submitContactMessage } from '#services/mail/contact'
import { flash } from '#support/http/flash'
import { contactProps } from '#presenters/site_presenters'

export default class ContactsController {
  async show({ inertia }: HttpContext) {
    return inertia.render('Contacts/index', contactProps())
  }

  async store(ctx: HttpContext) {
    const { request, response, auth, i18n } = ctx
    const payload = await request.validateUsing(contactValidator, { meta: { ip: request.ip() } })
    await submitContactMessage(payload, i18n.locale, auth.user ?? null)
    flash(ctx, { type: 'success', key: 'page.contacts.sent' })
    return response.redirect().back()
  }
}
