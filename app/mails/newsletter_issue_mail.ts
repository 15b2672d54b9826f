import BaseSiteMail from '#mails/base_site_mail'

/** What an issue says in one language: its subject and its sanitized body. */
export type IssueEdition = {
  subject: string
  /** Sanitized HTML, put into the layout as it is. */
  html: string
  text: string
}

/**
 * One newsletter issue to one confirmed subscriber, with the chrome (footer,
 * why-line, unsubscribe link) in the issue's language and the subscriber's
 * own signed unsubscribe link.
 */
export default class NewsletterIssueMail extends BaseSiteMail {
  readonly guarded = false

  constructor(
    private email: string,
    locale: string,
    private edition: IssueEdition,
    private unsubscribeUrl: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.email)
    // Mail clients offer an unsubscribe button that POSTs to the link (RFC 8058 one-click).
    this.message.listUnsubscribe(this.unsubscribeUrl, { oneClick: true })
    this.compose(this.edition.subject, {
      heading: this.edition.subject,
      paragraphs: [],
      html: this.edition.html,
      text: this.edition.text,
      footnote: this.t('mail.newsletter_issue.footnote'),
      reason: {
        text: this.t('mail.newsletter_issue.why'),
        link: { label: this.t('mail.newsletter_issue.unsubscribe'), url: this.unsubscribeUrl },
      },
    })
  }
}
