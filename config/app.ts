import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'

/**
 * The secret used to sign cookies and signed URLs.
 */
export const appKey = env.get('APP_KEY')!

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
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
