import ReactDOMServer from 'react-dom/server'
import { createInertiaApp, type ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { client } from './client.ts'
import { TranslationProvider } from './i18n/context.tsx'
import { loadMessages, normaliseLocale } from './i18n/index.ts'
import { pageTitle } from './lib/title.ts'

export default async function render(page: any) {
  const locale = normaliseLocale(page?.props?.appLocale)
  await Promise.all([loadMessages(locale), loadMessages('en')])

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
