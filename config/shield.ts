import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'
import { UPLOADS_ORIGIN } from '#config/drive'
import { sessionCookieDomain } from '#config/session'
import { site } from '#config/site'

const turnstileOrigin = 'https://challenges.cloudflare.com'
// Vite's dev server serves the assets under `npm run dev` (DEV_MODE, set by the
// assembler) and in tests; the built bundle needs no inline script.
const viteDevServer = Boolean(process.env.DEV_MODE) || app.inTest

const shieldConfig = defineConfig({
  /**
   * Scripts only from the site itself (with a per-request nonce for inline
   * ones) and the Turnstile bot check. Vite's hot reload injects inline
   * scripts and a websocket, so the policy is looser in development.
   */
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: viteDevServer
        ? [`'self'`, `'unsafe-inline'`, `'unsafe-eval'`, turnstileOrigin]
        : [`'self'`, '@nonce', turnstileOrigin],
      styleSrc: [`'self'`, `'unsafe-inline'`],
      // Uploads in a bucket are read from its origin (after /uploads redirects there).
      imgSrc: [`'self'`, 'data:', 'blob:', 'https:', ...(UPLOADS_ORIGIN ? [UPLOADS_ORIGIN] : [])],
      fontSrc: [`'self'`, 'data:'],
      connectSrc: [`'self'`, ...(viteDevServer ? ['ws:', 'wss:'] : [])],
      frameSrc: [
        `'self'`,
        turnstileOrigin,
        'https://www.youtube-nocookie.com',
        'https://player.vimeo.com',
      ],
      frameAncestors: [`'none'`],
      // Sign-in with GitHub and Google goes through links, never forms: a form
      // injected into a page cannot post anywhere else. Where each language's
      // site keeps its own session, a member switching language is handed
      // over by a form posted to the other language's site.
      formAction: [`'self'`, ...(sessionCookieDomain ? [] : site.languageOrigins())],
      baseUri: [`'self'`],
      objectSrc: [`'none'`],
    },
    reportOnly: false,
  },

  /**
   * CSRF is checked by our own middleware (#middleware/csrf_middleware),
   * which keeps Shield's secret and XSRF-TOKEN cookie but sets neither for
   * a visitor who only reads, nor again for one who holds them.
   */
  csrf: { enabled: false },

  xFrame: { enabled: true, action: 'DENY' },

  hsts: {
    enabled: app.inProduction,
    maxAge: '180 days',
    includeSubDomains: true,
  },

  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
