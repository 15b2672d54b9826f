import type { HttpContext } from '@adonisjs/core/http'
import { readOutbox } from '#support/outbox_transport'
import { outboxFolder } from '#config/mail'
import NotFoundException from '#exceptions/not_found_exception'

/** /dev/mail: the local outbox, so every mailed link can be followed without SMTP. */
export default class DevMailsController {
  async index({ view }: HttpContext) {
    return view.render('dev/mail', { mails: await readOutbox(outboxFolder) })
  }

  async show({ params, response }: HttpContext) {
    const mails = await readOutbox(outboxFolder)
    const mail = mails.find((entry) => entry.id === params.mailId)
    if (!mail) throw new NotFoundException()
    // Shown in the outbox page's frame; the mail's own markup runs no script.
    response.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'"
    )
    response.header('X-Frame-Options', 'SAMEORIGIN')
    return response
      .type('html')
      .send(
        mail.html ??
          `<pre>${(mail.text ?? '').replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`
      )
  }
}
