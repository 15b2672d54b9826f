import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH } from '#mails/mail_text'
import type User from '#models/user'

/**
 * To the address a member wants to move their account to: its link
 * confirms the move, which happens only then.
 */
export default class EmailChangeConfirmationMail extends BaseSiteMail {
  readonly guardedAs = 'emailChangeMails' as const

  constructor(
    private user: User,
    private newEmail: string,
    locale: string,
    private confirmUrl: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.newEmail)
    this.compose(this.t('mail.account_email_confirm.subject'), {
      heading: this.t('mail.account_email_confirm.heading', {
        firstName: mailText(this.user.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [this.t('mail.account_email_confirm.body', { email: this.newEmail })],
      action: { label: this.t('mail.account_email_confirm.action'), url: this.confirmUrl },
      footnote: this.t('mail.account_email_confirm.footnote'),
      reason: { text: this.t('mail.account_email_confirm.why'), link: this.accountSettingsLink() },
    })
  }
}
