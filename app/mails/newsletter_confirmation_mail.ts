import BaseSiteMail from '#mails/base_site_mail'

/** Double opt-in: the link that confirms a newsletter subscription. */
export default class NewsletterConfirmationMail extends BaseSiteMail {
  readonly guardedAs = 'newsletterConfirmationMails' as const

  constructor(
    private email: string,
    locale: string,
    private confirmUrl: string,
    private unsubscribeUrl: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.email)
    this.compose(this.t('mail.newsletter.subject'), {
      heading: this.t('mail.newsletter.heading'),
      paragraphs: [this.t('mail.newsletter.body')],
      action: { label: this.t('mail.newsletter.action'), url: this.confirmUrl },
      reason: {
        text: this.t('mail.newsletter.why'),
        link: { label: this.t('mail.newsletter.unsubscribe'), url: this.unsubscribeUrl },
      },
    })
  }
}
