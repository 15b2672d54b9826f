/*
 * What a feed says of a petition, in its XML and on its page for browsers.
 */
import { urlFor } from '@adonisjs/core/services/url_builder'
import { site } from '#config/site'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#app/i18n/locales'

/** Characters of a petition's text an entry's summary carries. */
export const SUMMARY_LENGTH = 300

/** The first `length` characters of a text (whole code points), on one line, "…" when cut. */
export function summaryOf(text: string, length = SUMMARY_LENGTH) {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim())
  if (characters.length <= length) return characters.join('')
  return `${characters.slice(0, length).join('').trimEnd()}…`
}

/** The address of a petition on its own language's site: where its text is first. */
export function petitionUrl(petition: { lang: string; slug: string }) {
  const lang: Locale = isLocale(petition.lang) ? petition.lang : DEFAULT_LOCALE
  return site.urlFor(lang) + urlFor('petitions.show', { slug: petition.slug })
}
