import env from '#start/env'
import logger from '@adonisjs/core/services/logger'

export const DEFAULT_TURNSTILE_VERIFY_URL =
  'https://challenges.cloudflare.com/turnstile/v0/siteverify'

/**
 * Server side of the bot check (decisions 25): each token is sent with the
 * secret and the client's IP to Turnstile's siteverify endpoint. Without a
 * secret (local development) the check is skipped.
 */
export const turnstile = {
  get enabled() {
    return Boolean(env.get('TURNSTILE_SECRET_KEY'))
  },

  async verify(token: unknown, remoteIp: string | undefined): Promise<boolean> {
    if (!this.enabled) return true
    if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return false
    const body = new URLSearchParams({ secret: env.get('TURNSTILE_SECRET_KEY')!, response: token })
    if (remoteIp) body.set('remoteip', remoteIp)
    try {
      const response = await fetch(
        env.get('TURNSTILE_VERIFY_URL') || DEFAULT_TURNSTILE_VERIFY_URL,
        {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5000),
        }
      )
      if (!response.ok) return false
      const outcome = (await response.json()) as { success?: boolean }
      return outcome.success === true
    } catch (error) {
      logger.warn({ err: error }, 'turnstile verification failed to answer')
      return false
    }
  },
}
