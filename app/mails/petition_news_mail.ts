import string from '@adonisjs/core/helpers/string'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import { issueText } from '#support/mail_html'

/**
 * One piece of a petition's news: an update its owner posted (plain text,
 * as the page shows it), an official response (sanitised HTML with the
 * mail's inline styles already applied), or a substantive change of its
 * text (the day; the mail links to the history page's diff).
 */
export type NewsItem =
  | { kind: 'update'; title: string; day: Date; text: string | null }
  | { kind: 'response'; responder: string; day: Date; html: string }
  | { kind: 'text_changed'; day: Date }
  | { kind: 'handover'; recipient: string; place: string; day: Date }

/**
 * The news of one petition, the same for every signer of a language:
 * `historyUrl` is its history page, where a changed text's diff is.
 */
export type PetitionNews = { title: string; url: string; historyUrl: string; items: NewsItem[] }

export type NewsRecipient = { email: string; firstName: string }

const HEADING_STYLE = 'font-size:17px;margin:24px 0 4px;'
const META_STYLE = 'font-size:13px;color:#6c757d;margin:0 0 10px;'
const TEXT_STYLE = 'margin:0 0 14px;'

/**
 * A petition's news to one signer who asked for it: every update and
 * response added since the last such mail, in the signer's language, with
 * the link that stops them (also as `List-Unsubscribe`, so mail clients
 * offer it) and the one that withdraws the signature.
 */
export default class PetitionNewsMail extends BaseSiteMail {
  readonly guarded = false

  constructor(
    private signer: NewsRecipient,
    locale: string,
    private news: PetitionNews,
    private links: { stop: string; withdraw: string }
  ) {
    super(locale)
  }

  private day(date: Date) {
    return this.i18n.formatDate(date, { dateStyle: 'long', timeZone: 'UTC' })
  }

  /** The items as HTML: every user-written text escaped, responses as sanitised. */
  private itemsHtml() {
    return this.news.items
      .map((item) => {
        const date = this.day(item.day)
        if (item.kind === 'text_changed') {
          return (
            `<h2 style="${HEADING_STYLE}">${string.escapeHTML(
              this.t('mail.petition_news.text_changed', { date })
            )}</h2>` +
            `<p style="${TEXT_STYLE}"><a href="${string.escapeHTML(this.news.historyUrl)}">${string.escapeHTML(
              this.t('mail.petition_news.see_changes')
            )}</a></p>`
          )
        }
        if (item.kind === 'handover') {
          const recipient = mailText(item.recipient, MAIL_NAME_LENGTH * 2)
          return (
            `<h2 style="${HEADING_STYLE}">${string.escapeHTML(
              this.t('mail.petition_news.handover', { recipient, date })
            )}</h2>` +
            `<p style="${TEXT_STYLE}">${string.escapeHTML(
              this.t('mail.petition_news.handover_place', {
                place: mailText(item.place, MAIL_NAME_LENGTH * 2),
              })
            )}</p>`
          )
        }
        if (item.kind === 'update') {
          const text = item.text
            ? `<p style="${TEXT_STYLE}">${string.escapeHTML(item.text).replace(/\r?\n/g, '<br />')}</p>`
            : ''
          return (
            `<h2 style="${HEADING_STYLE}">${string.escapeHTML(mailText(item.title, MAIL_TITLE_LENGTH))}</h2>` +
            `<p style="${META_STYLE}">${string.escapeHTML(this.t('mail.petition_news.update', { date }))}</p>` +
            text
          )
        }
        const responder = mailText(item.responder, MAIL_NAME_LENGTH * 2)
        return (
          `<h2 style="${HEADING_STYLE}">${string.escapeHTML(
            this.t('mail.petition_news.response', { responder, date })
          )}</h2>` + `<div>${item.html}</div>`
        )
      })
      .join('\n')
  }

  prepare() {
    const title = mailText(this.news.title, MAIL_TITLE_LENGTH)
    const html = this.itemsHtml()
    this.message.to(this.signer.email)
    // Mail clients offer an unsubscribe button that POSTs to the link (RFC 8058 one-click).
    this.message.listUnsubscribe(this.links.stop, { oneClick: true })
    this.compose(this.t('mail.petition_news.subject', { title }), {
      heading: this.t('mail.petition_news.heading', {
        firstName: mailText(this.signer.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [this.t('mail.petition_news.intro', { title })],
      html,
      text: issueText(html),
      action: { label: this.t('mail.petition_news.action'), url: this.news.url },
      links: [{ label: this.t('mail.signature.withdraw'), url: this.links.withdraw }],
      footnote: this.t('mail.petition_news.footnote'),
      reason: {
        text: this.t('mail.petition_news.why', { title }),
        link: { label: this.t('mail.petition_news.stop'), url: this.links.stop },
      },
    })
  }
}
