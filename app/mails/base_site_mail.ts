import { BaseMail } from '@adonisjs/mail'
import i18nManager from '@adonisjs/i18n/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { I18n } from '@adonisjs/i18n'
import { site } from '#config/site'
import type { GuardedMailKind } from '#config/rate_limits'
import type { MailReceipt } from '#events/mail_delivered'
import { mailText } from '#mails/mail_text'
import { isLocale, DEFAULT_LOCALE, type Locale } from '#app/i18n/locales'

export type MailContent = {
  heading: string
  paragraphs: string[]
  /**
   * A body written as HTML (a newsletter issue), shown as it is: it must
   * have been through the sanitizer already. `text` is its plain version.
   */
  html?: string
  text?: string
  action?: { label: string; url: string }
  /** Further places to go, as plain links under the action. */
  links?: Array<{ label: string; url: string }>
  footnote?: string
  /**
   * The footer: why this person gets this mail, and where to act on it
   * (their settings, the withdraw page, the unsubscribe page).
   */
  reason: { text: string; link?: { label: string; url: string } }
}

/** Longest subject and heading a mail gets, whatever went into them. */
const SUBJECT_LENGTH = 250
export const HEADING_LENGTH = 400

/**
 * Every mail of the site in the locale of the page where the person acted.
 * Texts come from resources/lang/{locale}/mail.json and are
 * resolved here, when the mail is built, so the queued job only renders.
 *
 * Recipients are addresses only, never a display name someone chose. Mails
 * are queued by `SendMailJob.dispatchMails`, which applies the guard they
 * declare here.
 */
export default abstract class BaseSiteMail extends BaseMail {
  protected i18n: I18n
  /**
   * Whether each recipient's hourly allowance of mails is drawn on: false only
   * for mails a subscriber asked for (newsletter issues, petition news),
   * which the site sends at its own pace; a limit would only lose them.
   */
  readonly guarded: boolean = true
  /** The allowance of its own this kind of mail draws on, besides the total. */
  readonly guardedAs: GuardedMailKind | null = null
  /** What this mail's leaving is recorded as (`MailDelivered`), when something waits for it. */
  receipt: MailReceipt | null = null

  constructor(locale: string) {
    super()
    this.i18n = i18nManager.locale(isLocale(locale) ? locale : DEFAULT_LOCALE)
  }

  protected t(key: string, data?: Record<string, unknown>) {
    return this.i18n.t(key, { appName: site.name, ...data })
  }

  /** A path of the site (from urlFor) on this mail's language's site: http://es.example.org/my/account. */
  protected onSite(path: string) {
    return site.urlFor(this.i18n.locale as Locale) + path
  }

  /** The footer link of a mail about the member's account: their account settings. */
  protected accountSettingsLink() {
    return { label: this.t('mail.layout.settings_link'), url: this.onSite(urlFor('my.account')) }
  }

  /** Subject, body and plain-text version from one content description. */
  protected compose(subject: string, content: MailContent) {
    const safeSubject = mailText(subject, SUBJECT_LENGTH)
    const data = {
      lang: this.i18n.locale,
      appName: site.name,
      appUrl: site.urlFor(this.i18n.locale as any),
      subject: safeSubject,
      content: { ...content, heading: mailText(content.heading, HEADING_LENGTH) },
      signature: this.t('mail.layout.signature'),
    }
    this.message.subject(safeSubject)
    this.message.htmlView('emails/layout', data)
    this.message.textView('emails/layout_text', data)
  }
}
