import env from '#start/env'
import { DEFAULT_LOCALE, LOCALES, localizedUrl, type Locale } from '#app/i18n/locales'

/**
 * Site-wide settings read from the environment, with the defaults that make
 * `npm start` work on a fresh machine.
 */
export const site = {
  get name() {
    return env.get('APP_NAME') || 'Undersign'
  },
  get domain() {
    return env.get('APP_DOMAIN') || 'localhost'
  },
  get url() {
    return (env.get('APP_URL') || `http://${this.domain}:${env.get('PORT')}`).replace(/\/$/, '')
  },
  get contactEmail() {
    return (
      env.get('CONTACT_EMAIL') ||
      `contact@${this.domain.includes('.') ? this.domain : 'undersign.org'}`
    )
  },
  get xUserName() {
    return env.get('X_USER_NAME') || null
  },
  get turnstileSiteKey() {
    return env.get('TURNSTILE_SITE_KEY') || null
  },

  /** The site's address in a language: http://es.example.org for es. */
  urlFor(locale: Locale) {
    return locale === DEFAULT_LOCALE
      ? this.url
      : (localizedUrl(this.url, locale, this.domain) ?? this.url).replace(/\/$/, '')
  },

  /** Every language's site by origin (http://fr.localhost:3333…): the pages that are ours. */
  languageOrigins() {
    return LOCALES.map((locale) => new URL(this.urlFor(locale)).origin)
  },
}
