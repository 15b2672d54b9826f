import BaseSiteMail from '#mails/base_site_mail'
import type ContactMessage from '#models/contact_message'
import { site } from '#services/site_service'

/** A visitor's message, to the site's contact address; replies go to the visitor. */
export default class ContactMessageMail extends BaseSiteMail {
  constructor(private contact: ContactMessage) {
    super('en')
  }

  prepare() {
    this.message.to(site.contactEmail).replyTo(this.contact.email, this.contact.name)
    this.compose(this.t('mail.contact.subject', { subject: this.contact.subject }), {
      heading: this.t('mail.contact.heading', {
        name: this.contact.name,
        email: this.contact.email,
      }),
      paragraphs: [this.contact.message],
      footnote: this.t('mail.contact.footnote', { locale: this.contact.locale }),
    })
  }
}
