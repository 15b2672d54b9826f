import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH } from '#mails/mail_text'
import type User from '#models/user'

/**
 * To an account's current address when a move to another address is asked
 * for: its owner learns of a change they did not ask for while the link
 * mailed to the new address still waits.
 */
export default class EmailChangeNoticeMail extends BaseSiteMail {
  constructor(
    private user: User,
    private newEmail: string,
    locale: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.user.email)
    this.compose(this.t('mail.account_email_notice.subject'), {
      heading: this.t('mail.account_email_notice.heading', {
        firstName: mailText(this.user.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [this.t('mail.account_email_notice.body', { email: this.newEmail })],
      action: {
        label: this.t('mail.account_email_notice.action'),
        url: this.accountSettingsLink().url,
      },
      footnote: this.t('mail.account_email_notice.footnote'),
      reason: { text: this.t('mail.account_email_notice.why'), link: this.accountSettingsLink() },
    })
  }
}
