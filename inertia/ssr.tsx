import ReactDOMServer from 'react-dom/server'
import { createInertiaApp, type ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { client } from './client.ts'
import { TranslationProvider } from './i18n/context.tsx'
import { addCatalogue, flatten, isLoaded, normaliseLocale, type Messages } from './i18n/index.ts'
import type { Locale } from '@app/i18n/locales.ts'
import { pageTitle } from './lib/title.ts'

/** The translation files the server reads too: the server renders any page, so it takes whole languages. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../resources/lang/*/*.json')

async function loadCatalogue(locale: Locale) {
  if (isLoaded(locale)) return
  const messages: Messages = {}
  for (const [path, load] of Object.entries(files)) {
    if (!path.includes(`/lang/${locale}/`)) continue
    const file = await load()
    flatten(
      path
        .split('/')
        .pop()!
        .replace(/\.json$/, ''),
      file.default,
      messages
    )
  }
  addCatalogue(locale, messages)
}

export default async function render(page: any) {
  const locale = normaliseLocale(page?.props?.appLocale)
  await Promise.all([loadCatalogue(locale), loadCatalogue('en')])

  return createInertiaApp({
    page,
    render: ReactDOMServer.renderToString,
    title: pageTitle,
    resolve: async (name) => {
      const resolved = await resolvePageComponent(
        `./pages/${name}.tsx`,
        import.meta.glob<{ default: ResolvedComponent }>('./pages/**/*.tsx', { eager: true })
      )
      return resolved.default
    },
    setup: ({ App, props }) => (
      <TuyauProvider client={client}>
        <TranslationProvider locale={locale}>
          <App {...props} />
        </TranslationProvider>
      </TuyauProvider>
    ),
  })
}
