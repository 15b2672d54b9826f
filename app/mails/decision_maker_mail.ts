import string from '@adonisjs/core/helpers/string'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import { countryName, UNKNOWN_COUNTRY } from '#shared/countries'
import type { CountryCount } from '#shared/petitions/country_counts'

/** What the petition's mail to one decision maker says: the same for every recipient of a letter. */
export type DeliveredPetition = {
  title: string
  target: string
  /** Its owner's public name; null once their account is gone. */
  author: string | null
  url: string
  /** The confirmed supporters when it was mailed, and the milestone they reached. */
  count: number
  milestone: number
  /** The largest countries first; the rest are summed up by the caller's cut. */
  countries: CountryCount[]
}

export type DeliveredLetter = { recipientName: string; text: string }

const TEXT_STYLE = 'margin:0 0 14px;white-space:pre-line;'
const QUOTE_STYLE =
  'margin:0 0 18px;padding:12px 16px;border-left:4px solid #0d6efd;background:#f6f8fa;'

/**
 * A petition delivered to a recipient of one of its letters when it reached
 * a milestone, in the petition's language: who wrote it on this site, what
 * it asks and of whom, the letter, the count, where its signers live, the
 * petition's link, where to report abuse, the link to answer in public and
 * the one that stops these mails (also as one-click `List-Unsubscribe`).
 */
export default class DecisionMakerMail extends BaseSiteMail {
  constructor(
    private email: string,
    locale: string,
    private petition: DeliveredPetition,
    private letter: DeliveredLetter,
    private links: { answer: string; stop: string }
  ) {
    super(locale)
  }

  private number(value: number) {
    return this.i18n.formatNumber(value)
  }

  private countryLine(country: CountryCount) {
    const name =
      country.code === UNKNOWN_COUNTRY
        ? this.t('mail.decision_maker.country_unknown')
        : countryName(country.code, this.i18n.locale)
    return `${name}: ${this.number(country.count)}`
  }

  private countriesHtml() {
    const rows = this.petition.countries.map(
      (country) => `<li>${string.escapeHTML(this.countryLine(country))}</li>`
    )
    return rows.length > 0
      ? `<p style="margin:0 0 4px;">${string.escapeHTML(this.t('mail.decision_maker.countries'))}</p><ul>${rows.join('')}</ul>`
      : ''
  }

  /** The domain of the address this mail goes to, which the published answer's badge names. */
  private domain() {
    return this.email.slice(this.email.lastIndexOf('@') + 1)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    const target = mailText(this.petition.target, MAIL_TITLE_LENGTH * 2)
    const count = this.number(this.petition.count)
    const author = this.petition.author
      ? mailText(this.petition.author, MAIL_NAME_LENGTH)
      : this.t('mail.decision_maker.someone')
    const line = (label: string, value: string) =>
      `<p style="${TEXT_STYLE}"><strong>${string.escapeHTML(this.t(label))}</strong> ${string.escapeHTML(value)}</p>`
    const html =
      line('mail.decision_maker.demand', title) +
      line('mail.decision_maker.addressed_to', target) +
      `<div style="${QUOTE_STYLE}"><p style="${TEXT_STYLE}">${string.escapeHTML(this.letter.text)}</p></div>` +
      this.countriesHtml()
    const text =
      `${this.t('mail.decision_maker.demand')} ${title}\n` +
      `${this.t('mail.decision_maker.addressed_to')} ${target}\n\n${this.letter.text}\n\n` +
      this.petition.countries.map((country) => this.countryLine(country)).join('\n')
    this.message.to(this.email)
    this.message.listUnsubscribe(this.links.stop, { oneClick: true })
    this.compose(this.t('mail.decision_maker.subject', { title, count }), {
      heading: this.t('mail.decision_maker.heading', {
        name: mailText(this.letter.recipientName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [
        this.t('mail.decision_maker.intro', {
          author,
          title,
          count,
          milestone: this.number(this.petition.milestone),
        }),
      ],
      html,
      text,
      action: { label: this.t('mail.decision_maker.answer'), url: this.links.answer },
      links: [
        { label: this.t('mail.decision_maker.read'), url: this.petition.url },
        // The petition's page opens its report form at this anchor.
        { label: this.t('mail.decision_maker.report'), url: `${this.petition.url}#report` },
      ],
      footnote: this.t('mail.decision_maker.footnote', { domain: this.domain() }),
      reason: {
        text: this.t('mail.decision_maker.why', { title }),
        link: { label: this.t('mail.decision_maker.stop'), url: this.links.stop },
      },
    })
  }
}
