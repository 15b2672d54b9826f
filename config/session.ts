import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { guestsInCookie } from '#runtime/sessions/guests_in_cookie_store'

/**
 * The session cookie belongs to the bare domain, so a member stays logged in
 * when switching between language subdomains (es.example.org, de.example.org).
 * Members' sessions live in the database by default, in Redis when
 * REDIS_HOST is set; a guest's stays in an encrypted cookie, so reading
 * pages writes nothing, and a guest with nothing in it has none.
 */
/** A cookie domain needs a dot: on plain "localhost" the cookie stays host-only. */
export function cookieDomainFor(appDomain: string): string | undefined {
  return appDomain.includes('.') ? appDomain : undefined
}

export const sessionCookieDomain = cookieDomainFor(env.get('APP_DOMAIN', 'localhost'))

/**
 * The session id's cookie, set only while the session holds something
 * (app/middleware/session_middleware.ts); deploy/nginx.conf bypasses its
 * cache for a request carrying it.
 */
export const SESSION_COOKIE = 'undersign-session'

/** How long a session lasts without a request. */
export const SESSION_AGE = '2h'

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: SESSION_COOKIE,
  clearWithBrowser: false,
  age: SESSION_AGE,
  cookie: {
    path: '/',
    domain: sessionCookieDomain,
    httpOnly: true,
    // Secure in production, and whenever the site is served over https.
    secure: app.inProduction || (env.get('APP_URL') ?? '').startsWith('https://'),
    sameSite: 'lax',
  },
  store: env.get('SESSION_DRIVER') ?? (env.get('REDIS_HOST') ? 'redis' : 'database'),
  stores: {
    cookie: stores.cookie(),
    database: guestsInCookie(
      stores.database({
        connectionName: env.get('DB_CONNECTION', 'sqlite'),
        gcProbability: 2,
      })
    ),
    redis: guestsInCookie(stores.redis({ connection: 'main' } as any)),
  },
})

export default sessionConfig
