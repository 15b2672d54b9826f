import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH } from '#mails/mail_text'
import type User from '#models/user'

/**
 * A mail to a member that carries one link to act on (verify the address,
 * set a new password). Its texts are the keys under `keyPrefix` in mail.json:
 * subject, heading, body, action and footnote.
 */
export default abstract class AccountLinkMail extends BaseSiteMail {
  protected abstract keyPrefix: string

  constructor(
    protected user: User,
    locale: string,
    protected url: string
  ) {
    super(locale)
  }

  prepare() {
    const key = (name: string) => `${this.keyPrefix}.${name}`
    this.message.to(this.user.email)
    this.compose(this.t(key('subject')), {
      heading: this.t(key('heading'), {
        firstName: mailText(this.user.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [this.t(key('body'))],
      action: { label: this.t(key('action')), url: this.url },
      footnote: this.t(key('footnote')),
      reason: { text: this.t(key('why')), link: this.accountSettingsLink() },
    })
  }
}
