import i18nManager from '@adonisjs/i18n/services/main'
import type { Locale } from '#app/i18n/locales'
import type Petition from '#models/petition'
import { site } from '#config/site'

/**
 * What the delivery documents share: their texts in the language the owner
 * chose (resources/lang/<lang>/delivery.json), whatever the site's language
 * of the request, and their file names.
 */
export type DocumentTexts = {
  locale: Locale
  t: (key: string, values?: Record<string, unknown>) => string
  number: (value: number) => string
  date: (value: Date | number) => string
  siteName: string
}

export function documentTexts(locale: Locale): DocumentTexts {
  const i18n = i18nManager.locale(locale)
  const numbers = new Intl.NumberFormat(locale)
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  return {
    locale,
    t: (key, values) => i18n.t(`delivery.${key}`, values),
    number: (value) => numbers.format(value),
    date: (value) => dates.format(value),
    siteName: site.name,
  }
}

/** A name's letters and digits, for file names: "Kyiv City Council" → "kyiv-city-council". */
export function fileNamePart(text: string, fallback: string) {
  const part = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return part || fallback
}

/** The petition's part of a file name: its slug, kept to safe characters. */
export function petitionFilePart(petition: Petition) {
  return fileNamePart(petition.slug, 'petition')
}
