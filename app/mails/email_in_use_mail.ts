import { urlFor } from '@adonisjs/core/services/url_builder'
import BaseSiteMail from '#mails/base_site_mail'

/**
 * To an address another account asked to move to, when an account already
 * uses it: nothing changes, and whoever asked learns nothing of it on the
 * site (they see the same answer as for a free address). It draws on the
 * same hourly allowance as the confirmation link it stands for.
 */
export default class EmailInUseMail extends BaseSiteMail {
  readonly guardedAs = 'emailChangeMails' as const

  constructor(
    private email: string,
    locale: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.email)
    this.compose(this.t('mail.account_email_in_use.subject'), {
      heading: this.t('mail.account_email_in_use.heading'),
      paragraphs: [this.t('mail.account_email_in_use.body', { email: this.email })],
      action: {
        label: this.t('mail.account_email_in_use.action'),
        url: this.onSite(urlFor('auth.password.request')),
      },
      footnote: this.t('mail.account_email_in_use.footnote'),
      reason: { text: this.t('mail.account_email_in_use.why'), link: this.accountSettingsLink() },
    })
  }
}
