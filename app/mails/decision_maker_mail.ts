import string from '@adonisjs/core/helpers/string'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import { countryName, UNKNOWN_COUNTRY } from '#shared/countries'
import type { CountryCount } from '#shared/petitions/country_counts'

/** What the petition's mail to one decision maker says: the same for every recipient of a letter. */
export type DeliveredPetition = {
  title: string
  target: string
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
 * a milestone, in the petition's language: the letter, the count, where
 * its signers live, the petition's link, the link to answer in public and
 * the one that stops these mails (also as `List-Unsubscribe`).
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

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    const count = this.number(this.petition.count)
    const html =
      `<p style="${TEXT_STYLE}"><strong>${string.escapeHTML(this.t('mail.decision_maker.demand'))}</strong> ` +
      `${string.escapeHTML(mailText(this.petition.target, MAIL_TITLE_LENGTH * 2))}</p>` +
      `<div style="${QUOTE_STYLE}"><p style="${TEXT_STYLE}">${string.escapeHTML(this.letter.text)}</p></div>` +
      this.countriesHtml()
    const text =
      `${this.t('mail.decision_maker.demand')} ${this.petition.target}\n\n${this.letter.text}\n\n` +
      this.petition.countries.map((country) => this.countryLine(country)).join('\n')
    this.message.to(this.email)
    this.message.listUnsubscribe(this.links.stop, { oneClick: true })
    this.compose(this.t('mail.decision_maker.subject', { title, count }), {
      heading: this.t('mail.decision_maker.heading', {
        name: mailText(this.letter.recipientName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [
        this.t('mail.decision_maker.intro', {
          title,
          count,
          milestone: this.number(this.petition.milestone),
        }),
      ],
      html,
      text,
      action: { label: this.t('mail.decision_maker.answer'), url: this.links.answer },
      links: [{ label: this.t('mail.decision_maker.read'), url: this.petition.url }],
      footnote: this.t('mail.decision_maker.footnote'),
      reason: {
        text: this.t('mail.decision_maker.why', { title }),
        link: { label: this.t('mail.decision_maker.stop'), url: this.links.stop },
      },
    })
  }
}
