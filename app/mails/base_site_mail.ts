import { BaseMail } from '@adonisjs/mail'
import i18nManager from '@adonisjs/i18n/services/main'
import type { I18n } from '@adonisjs/i18n'
import { site } from '#services/site_service'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'

export type MailContent = {
  heading: string
  paragraphs: string[]
  action?: { label: string; url: string }
  footnote?: string
}

/**
 * Every mail of the site in the locale of the page where the person acted
 * (decisions 24). Texts come from resources/lang/{locale}/mail.json and are
 * resolved here, when the mail is built, so the queued job only renders.
 */
export default abstract class BaseSiteMail extends BaseMail {
  protected i18n: I18n

  constructor(locale: string) {
    super()
    this.i18n = i18nManager.locale(isLocale(locale) ? locale : DEFAULT_LOCALE)
  }

  protected t(key: string, data?: Record<string, unknown>) {
    return this.i18n.t(key, { appName: site.name, ...data })
  }

  /** Subject, body and plain-text version from one content description. */
  protected compose(subject: string, content: MailContent) {
    const data = {
      lang: this.i18n.locale,
      appName: site.name,
      appUrl: site.urlFor(this.i18n.locale as any),
      subject,
      content,
      signature: this.t('mail.layout.signature'),
      why: this.t('mail.layout.why'),
    }
    this.message.subject(subject)
    this.message.htmlView('emails/layout', data)
    this.message.textView('emails/layout_text', data)
  }
}
