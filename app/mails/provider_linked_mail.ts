import BaseSiteMail from '#mails/base_site_mail'
import type User from '#models/user'

/**
 * Tells the owner of an address that their unverified account is now linked
 * to GitHub or Google, that its password was removed, and where to set one.
 */
export default class ProviderLinkedMail extends BaseSiteMail {
  constructor(
    private user: User,
    locale: string,
    private provider: 'github' | 'google',
    private resetPageUrl: string
  ) {
    super(locale)
  }

  prepare() {
    const provider = this.t(`page.auth.${this.provider}`)
    this.message.to(this.user.email)
    this.compose(this.t('mail.provider_linked.subject', { provider }), {
      heading: this.t('mail.provider_linked.heading', { firstName: this.user.firstName }),
      paragraphs: [this.t('mail.provider_linked.body', { provider })],
      action: { label: this.t('mail.provider_linked.action'), url: this.resetPageUrl },
      footnote: this.t('mail.provider_linked.footnote', { provider }),
      reason: {
        text: this.t('mail.provider_linked.why', { provider }),
        link: this.accountSettingsLink(),
      },
    })
  }
}
