import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH } from '#mails/mail_text'
import type User from '#models/user'

/**
 * To the address an account just left: what changed, when, and a link that
 * brings the account back for 7 days, in case its owner did not move it.
 */
export default class EmailChangedMail extends BaseSiteMail {
  constructor(
    private user: User,
    private previousEmail: string,
    private changedAt: Date,
    locale: string,
    private undoUrl: string
  ) {
    super(locale)
  }

  prepare() {
    const when = this.i18n.formatDate(this.changedAt, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    })
    this.message.to(this.previousEmail)
    this.compose(this.t('mail.account_email_changed.subject'), {
      heading: this.t('mail.account_email_changed.heading', {
        firstName: mailText(this.user.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [
        this.t('mail.account_email_changed.body', {
          from: this.previousEmail,
          to: this.user.email,
          when,
        }),
        this.t('mail.account_email_changed.if_not_you'),
      ],
      action: { label: this.t('mail.account_email_changed.action'), url: this.undoUrl },
      footnote: this.t('mail.account_email_changed.footnote'),
      reason: { text: this.t('mail.account_email_changed.why') },
    })
  }
}
