import { DEFAULT_LOCALE, type Locale } from '@app/i18n/locales.ts'
import { urlFor } from '~/client.ts'

/**
 * A language's home, {lang}.{domain}, on the scheme and port of
 * the site's URL. Computed from props only, so server and client agree.
 */
export function languageHref(locale: Locale, appUrl: string, domain: string) {
  const url = new URL(appUrl)
  url.hostname = `${locale}.${domain}`
  url.pathname = urlFor('home')
  return url.toString()
}

/**
 * The site of a language, on the scheme and port of the site's URL: the bare
 * domain for English, {lang}.{domain} for the others, as the server names them.
 */
export function languageSiteUrl(locale: Locale, appUrl: string, domain: string) {
  const url = new URL(appUrl)
  url.hostname = locale === DEFAULT_LOCALE ? domain : `${locale}.${domain}`
  return url.origin
}
