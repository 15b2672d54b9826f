import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { trustProxiesIn } from '#start/trusted_proxies'

/**
 * The secret used to sign cookies and signed URLs.
 */
export const appKey = env.get('APP_KEY')!

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  // Behind a reverse proxy or CDN, request.ip() (and every rate limit) is the client's address.
  trustProxy: trustProxiesIn(env.get('TRUSTED_PROXIES')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    // Secure in production, and whenever the site is served over https.
    secure: app.inProduction || (env.get('APP_URL') ?? '').startsWith('https://'),
    sameSite: 'lax',
  },
})
