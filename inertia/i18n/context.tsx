import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { router } from '@inertiajs/react'
import { localizedUrl, type Locale } from '@app/i18n/locales.ts'
import { catalogueVersion, isLoaded, loadMessages, subscribe, translate } from './index.ts'

type TranslationContext = {
  locale: Locale
  t: (key: string, values?: Record<string, unknown>) => string
  switchLocale: (locale: Locale, domain: string) => Promise<void>
  /** Changes when messages arrive, so that every t() renders again. */
  version: number
}

const Context = createContext<TranslationContext | null>(null)

let acceptLanguage: Locale | null = null
// Every later request tells the server the chosen language.
router.on('before', (event) => {
  if (acceptLanguage)
    event.detail.visit.headers = {
      ...event.detail.visit.headers,
      'Accept-Language': acceptLanguage,
    }
})

export function TranslationProvider({
  locale: initial,
  children,
}: {
  locale: Locale
  children: ReactNode
}) {
  const [locale, setLocale] = useState<Locale>(initial)
  // Messages that arrive later (a language's whole file after a missing key) render at once.
  const version = useSyncExternalStore(subscribe, catalogueVersion, catalogueVersion)

  const applyLocale = useCallback((next: Locale, domain: string) => {
    acceptLanguage = next
    setLocale(next)
    document.documentElement.lang = next
    const target = localizedUrl(window.location.href, next, domain)
    if (target) window.location.assign(target)
  }, [])

  const switchLocale = useCallback(
    async (next: Locale, domain: string) => {
      if (!isLoaded(next)) await loadMessages(next)
      applyLocale(next, domain)
    },
    [applyLocale]
  )

  const value = useMemo<TranslationContext>(
    () => ({ locale, t: (key, values) => translate(locale, key, values), switchLocale, version }),
    [locale, switchLocale, version]
  )
  return <Context.Provider value={value}>{children}</Context.Provider>
}

export function useTranslation() {
  const context = useContext(Context)
  if (!context) throw new Error('useTranslation needs a TranslationProvider')
  return context
}
