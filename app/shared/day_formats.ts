import type { Locale } from '#app/i18n/locales'

/**
 * How each language writes a calendar day in a field, as date-fns patterns:
 * day first everywhere we publish, with the separator its readers type
 * (31.12.2026 in German, Ukrainian and Russian; 31/12/2026 elsewhere).
 * The field's placeholder spells the same pattern with the language's own
 * letters (common.date_placeholder: TT.MM.JJJJ, дд.мм.рррр).
 */
export const DAY_FORMATS: Record<Locale, string> = {
  en: 'dd/MM/yyyy',
  es: 'dd/MM/yyyy',
  fr: 'dd/MM/yyyy',
  de: 'dd.MM.yyyy',
  it: 'dd/MM/yyyy',
  uk: 'dd.MM.yyyy',
  pt: 'dd/MM/yyyy',
  ru: 'dd.MM.yyyy',
}

/** A calendar day (yyyy-mm-dd) as a reader of the language types it (31.12.2026). */
export function writtenDay(locale: Locale, day: string) {
  const [year, month, date] = day.split('-')
  const separator = DAY_FORMATS[locale].charAt(2)
  return [date, month, year].join(separator)
}
