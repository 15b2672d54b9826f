import BaseSiteMail from '#mails/base_site_mail'
import type ContactMessage from '#models/contact_message'
import { site } from '#config/site'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'

/** A visitor's message, to the site's contact address; replies go to the visitor. */
export default class ContactMessageMail extends BaseSiteMail {
  constructor(private contact: ContactMessage) {
    super('en')
  }

  prepare() {
    // Replies go to the visitor's address; their name stays in the body.
    this.message.to(site.contactEmail).replyTo(this.contact.email)
    this.compose(
      this.t('mail.contact.subject', {
        subject: mailText(this.contact.subject, MAIL_TITLE_LENGTH),
      }),
      {
        heading: this.t('mail.contact.heading', {
          name: mailText(this.contact.name, MAIL_NAME_LENGTH),
          email: this.contact.email,
        }),
        paragraphs: [this.contact.message],
        footnote: this.t('mail.contact.footnote', { locale: this.contact.locale }),
        reason: { text: this.t('mail.contact.why') },
      }
    )
  }
}
