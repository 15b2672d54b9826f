import { DEFAULT_LOCALE, isLocale, type Locale } from '@app/i18n/locales.ts'
import { urlFor } from '~/client.ts'
import { formatMessage } from './message_format.ts'

export type Messages = Record<string, string>

/** Where a page's messages come from: the server renders with every file, the browser with the page's own. */
export type MessageLoader = (locale: Locale, page: string) => Promise<Messages | null>

const catalogues = new Map<Locale, Messages>()
/** Languages whose whole catalogue is here (the server's, or a fallback fetched in full). */
const complete = new Set<Locale>()
const loadedPages = new Set<string>()
const listeners = new Set<() => void>()
let loader: MessageLoader | null = null
let currentPage = ''
let currentLocale: Locale | null = null
let version = 0

/** { page: { home: { title } } } in page.json → { 'page.home.title': … } */
export function flatten(prefix: string, value: unknown, into: Messages) {
  if (value && typeof value === 'object') {
    for (const [key, nested] of Object.entries(value)) flatten(`${prefix}.${key}`, nested, into)
  } else if (typeof value === 'string') {
    into[prefix] = value
  }
  return into
}

function addMessages(locale: Locale, messages: Messages) {
  catalogues.set(locale, { ...catalogues.get(locale), ...messages })
  version++
  listeners.forEach((listener) => listener())
}

/** Every message of a language at once (the server, which renders any page). */
export function addCatalogue(locale: Locale, messages: Messages) {
  addMessages(locale, messages)
  complete.add(locale)
}

export function setMessageLoader(load: MessageLoader) {
  loader = load
}

/** The whole language, asked of the server: when a page's chunk fails to load, or lacks a key. */
const fetching = new Map<Locale, Promise<void>>()
function fetchCatalogue(locale: Locale) {
  let pending = fetching.get(locale)
  if (!pending) {
    pending = (async () => {
      const response = await fetch(urlFor('translations.show', { locale }), {
        headers: { Accept: 'application/json' },
      })
      addCatalogue(locale, (await response.json()) as Messages)
    })()
    pending.catch(() => fetching.delete(locale))
    fetching.set(locale, pending)
  }
  return pending
}

/** The messages a page can show in a language, before it renders. */
export async function loadMessages(locale: Locale, page: string = currentPage) {
  currentPage = page
  currentLocale = locale
  const key = `${locale}\u0000${page}`
  if (complete.has(locale) || loadedPages.has(key)) return
  try {
    const messages = loader ? await loader(locale, page) : null
    if (!messages) throw new Error(`no messages bundled for ${page} in ${locale}`)
    addMessages(locale, messages)
  } catch (error) {
    console.error(`Loading the ${locale} messages of ${page} failed`, error)
    await fetchCatalogue(locale)
  }
  loadedPages.add(key)
}

/** The language of the last page loaded (the site's, or the one switched to in place). */
export const lastLocale = (fallback: Locale) => currentLocale ?? fallback

export function isLoaded(locale: Locale) {
  return complete.has(locale) || loadedPages.has(`${locale}\u0000${currentPage}`)
}

/** Changes of the catalogues, for the provider to render again. */
export function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
export const catalogueVersion = () => version

/** Translates a key in a locale; English, then the key itself, when missing. */
export function translate(locale: Locale, key: string, values?: Record<string, unknown>): string {
  const message = catalogues.get(locale)?.[key] ?? catalogues.get(DEFAULT_LOCALE)?.[key]
  if (message === undefined) {
    // A key the build did not see in the page's sources: the whole language follows.
    if (loader && !complete.has(locale)) {
      console.error(`The translation ${key} is not among the messages of ${currentPage}`)
      void fetchCatalogue(locale)
    }
    return key
  }
  return formatMessage(message, locale, values)
}

export function normaliseLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE
}
