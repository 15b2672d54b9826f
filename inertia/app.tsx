import 'bootstrap/dist/css/bootstrap.min.css'
import './css/app.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createInertiaApp, type ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { client } from './client.ts'
import { TranslationProvider } from './i18n/context.tsx'
import { loadMessages, normaliseLocale } from './i18n/index.ts'
import { installHttpErrorToasts } from './lib/http_errors.ts'
import { installXsrfTokens } from './lib/xsrf.ts'
import { pageTitle } from './lib/title.ts'

const pageElement = document.querySelector('script[data-page="app"]')
const initialPage = pageElement?.textContent ? JSON.parse(pageElement.textContent) : null
const locale = normaliseLocale(initialPage?.props?.appLocale)

// The page's language (and English, the fallback) before the first render,
// so that hydration matches the server's HTML.
await Promise.all([loadMessages(locale), loadMessages('en')])

installHttpErrorToasts(locale)
installXsrfTokens()

createInertiaApp({
  title: pageTitle,
  resolve: async (name) => {
    const page = await resolvePageComponent(
      `./pages/${name}.tsx`,
      import.meta.glob<{ default: ResolvedComponent }>('./pages/**/*.tsx')
    )
    return page.default
  },
  setup({ el, App, props }) {
    const app = (
      <TuyauProvider client={client}>
        <TranslationProvider locale={locale}>
          <App {...props} />
        </TranslationProvider>
      </TuyauProvider>
    )
    if (el.hasChildNodes()) hydrateRoot(el, app)
    else createRoot(el).render(app)
    // Lets browser tests (and scripts) know the page reacts to input now.
    queueMicrotask(() => document.documentElement.setAttribute('data-hydrated', 'true'))
  },
  progress: { delay: 250, color: '#0d6efd', showSpinner: false },
})
