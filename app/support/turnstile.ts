import env from '#start/env'
import logger from '@adonisjs/core/services/logger'
import { site } from '#config/site'
import { LOCALES } from '#app/i18n/locales'

export const DEFAULT_TURNSTILE_VERIFY_URL =
  'https://challenges.cloudflare.com/turnstile/v0/siteverify'

/**
 * The action each form's widget is rendered with. A token is only good for
 * the form it was solved on, so that a token solved on one form (or on
 * another site using the same key) cannot be spent on another.
 */
export const TURNSTILE_ACTIONS = [
  'contact-us',
  'sign',
  'signup',
  'login',
  'petition',
  'report',
] as const
export type TurnstileAction = (typeof TURNSTILE_ACTIONS)[number]

/** The hosts the site's pages are served on: its domain and one subdomain per language. */
function siteHostnames() {
  const domain = site.domain.toLowerCase()
  return new Set([domain, ...LOCALES.map((locale) => `${locale}.${domain}`)])
}

type SiteverifyAnswer = { success?: unknown; hostname?: unknown; action?: unknown }

/**
 * Server side of the bot check: each token is sent with the
 * secret and the client's IP to Turnstile's siteverify endpoint, and its
 * answer must say the challenge was solved on one of the site's hosts, for
 * the form's action. Without a secret (local development) the check is
 * skipped.
 */
export const turnstile = {
  get enabled() {
    return Boolean(env.get('TURNSTILE_SECRET_KEY'))
  },

  async verify(
    token: unknown,
    remoteIp: string | undefined,
    action: TurnstileAction
  ): Promise<boolean> {
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
      const outcome = (await response.json()) as SiteverifyAnswer
      return (
        outcome.success === true &&
        typeof outcome.hostname === 'string' &&
        siteHostnames().has(outcome.hostname.toLowerCase()) &&
        outcome.action === action
      )
    } catch (error) {
      logger.warn({ err: error }, 'turnstile verification failed to answer')
      return false
    }
  },
}
