/*
|--------------------------------------------------------------------------
| Warnings at start
|--------------------------------------------------------------------------
|
| What the web server can run without, but should not: said once it serves.
|
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { turnstile } from '#support/turnstile'

app.ready(() => {
  if (!turnstile.enabled) {
    logger.warn(
      'TURNSTILE_SECRET_KEY is empty: forms are not checked for bots (set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY)'
    )
  }
  // The key made for the embedded default lives in the database: a copy of the database could sign heads.
  if (app.inProduction && !env.get('LOG_SIGNING_KEY')) {
    logger.warn(
      'LOG_SIGNING_KEY is empty: the transparency log signs with a key kept in the database (set one, and keep it)'
    )
  }
})
