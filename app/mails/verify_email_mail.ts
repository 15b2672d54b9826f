import BaseSiteMail from '#mails/base_site_mail'
import type User from '#models/user'

/** The link that verifies a member's e-mail address (decisions 19). */
export default class VerifyEmailMail extends BaseSiteMail {
  constructor(
    private user: User,
    locale: string,
    private verifyUrl: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.user.email, this.user.fullName)
    this.compose(this.t('mail.verify.subject'), {
      heading: this.t('mail.verify.heading', { firstName: this.user.firstName }),
      paragraphs: [this.t('mail.verify.body')],
      action: { label: this.t('mail.verify.action'), url: this.verifyUrl },
      footnote: this.t('mail.verify.footnote'),
    })
  }
}
