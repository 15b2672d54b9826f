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
import { turnstile } from '#support/turnstile'

app.ready(() => {
  if (!turnstile.enabled) {
    logger.warn(
      'TURNSTILE_SECRET_KEY is empty: forms are not checked for bots (set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY)'
    )
  }
})
