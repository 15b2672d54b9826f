import 'bootstrap/dist/css/bootstrap.min.css'
import './lib/preact_options.ts'
import './css/app.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createInertiaApp, type ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { client } from './client.ts'
import { TranslationProvider } from './i18n/context.tsx'
import { lastLocale, loadMessages, normaliseLocale, setMessageLoader } from './i18n/index.ts'
import { loadPageMessages } from 'virtual:page-messages'
import { installHttpErrorToasts } from './lib/http_errors.ts'
import { installXsrfTokens } from './lib/xsrf.ts'
import { pageTitle } from './lib/title.ts'

const pageElement = document.querySelector('script[data-page="app"]')
const initialPage = pageElement?.textContent ? JSON.parse(pageElement.textContent) : null
const locale = normaliseLocale(initialPage?.props?.appLocale)

// Each page's messages in its language, loaded with the page before it
// renders, so that hydration matches the server's HTML.
setMessageLoader(loadPageMessages)
installHttpErrorToasts(locale)
installXsrfTokens()

createInertiaApp({
  title: pageTitle,
  resolve: async (name) => {
    const [page] = await Promise.all([
      resolvePageComponent(
        `./pages/${name}.tsx`,
        import.meta.glob<{ default: ResolvedComponent }>('./pages/**/*.tsx')
      ),
      loadMessages(lastLocale(locale), name),
    ])
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
