import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Browser features the site never uses are turned off for it and for every
 * frame it embeds, so that injected or embedded content cannot ask for them.
 * Fullscreen, autoplay and encrypted media stay allowed: the YouTube and
 * Vimeo players use them.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'ambient-light-sensor',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/**
 * Headers that Shield does not set, on every answer, static files included:
 * other sites get the origin only, never a path that could carry a token;
 * a window this site opens or is opened by cannot reach into it.
 */
const SECURITY_HEADERS = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
}

export default class SecurityHeadersMiddleware {
  handle({ response }: HttpContext, next: NextFn) {
    // On the raw response, since static files are written without the
    // framework's response.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      response.response.setHeader(name, value)
    }
    return next()
  }
}
