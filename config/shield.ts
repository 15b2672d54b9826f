import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'
import { isOneClickUnsubscribe } from '#support/http/one_click_unsubscribe'
import { SESSION_AGE } from '#config/session'
import { UPLOADS_ORIGIN } from '#config/drive'

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
      // injected into a page cannot post anywhere else.
      formAction: [`'self'`],
      baseUri: [`'self'`],
      objectSrc: [`'none'`],
    },
    reportOnly: false,
  },

  /**
   * CSRF on every state-changing route. The XSRF-TOKEN cookie lets the
   * client (Inertia's HTTP client) send the token back as X-XSRF-TOKEN. It
   * expires with the session whose secret it was made from, so a browser
   * never keeps a token that can no longer pass. Pages a shared cache keeps
   * carry neither cookie: a guest's client asks GET /csrf-token for both
   * when a form is first used (inertia/lib/xsrf.ts).
   */
  csrf: {
    enabled: true,
    // A mail client's one-click unsubscribe carries no token: its signed link does.
    exceptRoutes: (ctx) => isOneClickUnsubscribe(ctx),
    enableXsrfCookie: true,
    cookieOptions: { maxAge: SESSION_AGE },
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },

  xFrame: { enabled: true, action: 'DENY' },

  hsts: {
    enabled: app.inProduction,
    maxAge: '180 days',
    includeSubDomains: true,
  },

  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
