import { IntlMessageFormat } from 'intl-messageformat'
import { DEFAULT_LOCALE, isLocale, type Locale } from '@app/i18n/locales.ts'
import { urlFor } from '~/client.ts'

export type Messages = Record<string, string>

/**
 * The translation files in resources/lang/{locale}/{file}.json, the same ones
 * the server reads. Each locale's files become their own chunks, loaded only
 * when that language is used.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../resources/lang/*/*.json'
)

const catalogues = new Map<Locale, Messages>()
const formatters = new Map<string, IntlMessageFormat>()

/** { page: { home: { title } } } in page.json → { 'page.home.title': … } */
function flatten(prefix: string, value: unknown, into: Messages) {
  if (value && typeof value === 'object') {
    for (const [key, nested] of Object.entries(value)) flatten(`${prefix}.${key}`, nested, into)
  } else if (typeof value === 'string') {
    into[prefix] = value
  }
}

function localeFiles(locale: Locale) {
  return Object.entries(files).filter(([path]) => path.includes(`/lang/${locale}/`))
}

/** Loads a locale from the bundle; falls back to GET /translate/{locale}. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = catalogues.get(locale)
  if (cached) return cached
  let messages: Messages = {}
  try {
    const modules = await Promise.all(
      localeFiles(locale).map(async ([path, load]) => {
        const module = await load()
        return [path, module.default] as const
      })
    )
    if (modules.length === 0) throw new Error(`no language file bundled for ${locale}`)
    for (const [path, content] of modules) {
      const file = path
        .split('/')
        .pop()!
        .replace(/\.json$/, '')
      flatten(file, content, messages)
    }
  } catch (error) {
    console.error(`Loading the ${locale} language file failed`, error)
    const response = await fetch(urlFor('translations.show', { locale }), {
      headers: { Accept: 'application/json' },
    })
    messages = (await response.json()) as Messages
  }
  catalogues.set(locale, messages)
  return messages
}

export function isLoaded(locale: Locale) {
  return catalogues.has(locale)
}

/** Translates a key in a locale; English, then the key itself, when missing. */
export function translate(locale: Locale, key: string, values?: Record<string, unknown>): string {
  const message = catalogues.get(locale)?.[key] ?? catalogues.get(DEFAULT_LOCALE)?.[key]
  if (message === undefined) return key
  const cacheKey = `${locale}\u0000${key}`
  let formatter = formatters.get(cacheKey)
  if (!formatter) {
    formatter = new IntlMessageFormat(message, locale)
    formatters.set(cacheKey, formatter)
  }
  return String(formatter.format(values as Record<string, string>))
}

export function normaliseLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE
}
