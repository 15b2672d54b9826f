import BaseSiteMail from '#mails/base_site_mail'
import type User from '#models/user'

/** The single-use link that sets a new password (decisions 21). */
export default class PasswordResetMail extends BaseSiteMail {
  constructor(
    private user: User,
    locale: string,
    private resetUrl: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.user.email, this.user.fullName)
    this.compose(this.t('mail.reset.subject'), {
      heading: this.t('mail.reset.heading', { firstName: this.user.firstName }),
      paragraphs: [this.t('mail.reset.body')],
      action: { label: this.t('mail.reset.action'), url: this.resetUrl },
      footnote: this.t('mail.reset.footnote'),
    })
  }
}
