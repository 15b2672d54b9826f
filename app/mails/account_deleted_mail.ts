import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH } from '#mails/mail_text'

/**
 * To the address of an account just deleted. It has no settings link: the
 * account is gone, so there is nothing left to manage.
 */
export default class AccountDeletedMail extends BaseSiteMail {
  constructor(
    private email: string,
    private firstName: string,
    locale: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.email)
    this.compose(this.t('mail.account_deleted.subject'), {
      heading: this.t('mail.account_deleted.heading', {
        firstName: mailText(this.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [this.t('mail.account_deleted.body')],
      footnote: this.t('mail.account_deleted.footnote'),
      reason: { text: this.t('mail.account_deleted.why') },
    })
  }
}
