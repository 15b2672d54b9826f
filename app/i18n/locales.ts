/**
 * The languages of the site, in the order the footer and the flag menu list
 * them. Shared by the server and the client bundle: keep this file free of
 * server-only imports.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'uk', 'pt', 'ru'] as const

export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The locale a request was answered in (its i18n), English when it has none of ours. */
export function localeOf(i18n: { locale: string } | undefined): Locale {
  return i18n && isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
}

/** Footer label of a locale: the language code, except Ukrainian shows its country, UA. */
export function localeLabel(locale: Locale): string {
  return locale === 'uk' ? 'UA' : locale.toUpperCase()
}

/**
 * Flag shown for a locale: '', us, gb and en show the US flag,
 * uk shows the Ukrainian flag; the others their own country.
 */
export function localeFlag(locale: string): string {
  switch (locale) {
    case '':
    case 'us':
    case 'gb':
    case 'en':
      return 'us'
    case 'uk':
      return 'ua'
    case 'pt':
      return 'pt'
    default:
      return locale
  }
}

/**
 * The locale named by a host's first label (es.example.org → es). The bare
 * domain, an unknown label or an IP address gives the default, en.
 */
export function localeFromHost(host: string | null | undefined): Locale {
  if (!host) return DEFAULT_LOCALE
  const hostname = host.replace(/:\d+$/, '').toLowerCase()
  const firstLabel = hostname.split('.')[0]
  return hostname.includes('.') && isLocale(firstLabel) ? firstLabel : DEFAULT_LOCALE
}

/**
 * The URL of the same page in another language: a two-letter first
 * label is replaced, otherwise the language is put in front of the host; en on
 * a host without a language label stays where it is (returns null, as it does
 * when the URL is already in that language). `domain` is the site's bare
 * domain, so that a bare domain of two letters is never taken for a language.
 */
export function localizedUrl(current: string, locale: Locale, domain?: string): string | null {
  const url = new URL(current)
  const labels = url.hostname.split('.')
  const isBareDomain = domain ? url.hostname === domain : labels.length === 1
  const hasLanguageLabel = !isBareDomain && labels.length > 1 && /^[a-z]{2}$/.test(labels[0])
  if (!hasLanguageLabel && locale === DEFAULT_LOCALE) return null
  if (hasLanguageLabel) {
    if (labels[0] === locale) return null
    labels[0] = locale
  } else {
    labels.unshift(locale)
  }
  url.hostname = labels.join('.')
  return url.toString()
}
