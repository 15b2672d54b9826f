import logger from '@adonisjs/core/services/logger'
import { normalizeEmail } from '#support/email_normalizer'
import { site } from '#config/site'
import { allowancesFor, hasAllowances } from '#runtime/limits/rate_limits'
import { takeAllowances } from '#runtime/limits/allowances'
import type { GuardedMailKind, RateLimitName } from '#config/rate_limits'

function allowancesOf(kind: GuardedMailKind | null): RateLimitName[] {
  return kind ? ['mailsPerRecipient', kind] : ['mailsPerRecipient']
}

/** The site's own mailbox is not a victim: the contact form has limits of its own. */
function isGuarded(address: string) {
  return normalizeEmail(address) !== normalizeEmail(site.contactEmail)
}

/**
 * The per-recipient limit of every mail of the site, counted on the
 * normalised address (a `+tag` or Gmail's dots reach the same mailbox), so
 * that no form can be used to flood someone's inbox.
 */
export const mailGuard = {
  /** Whether a mail of `kind` to `address` would be sent now (uses nothing). */
  async allows(address: string, kind: GuardedMailKind | null = null) {
    if (!isGuarded(address)) return true
    return hasAllowances(allowancesOf(kind), normalizeEmail(address))
  },

  /**
   * Uses one mail of every recipient's allowances, all at once (on Redis in
   * one round trip). False when one of them is used up: the mail is then
   * not sent at all, and no allowance is used.
   */
  async admit(addresses: string[], kind: GuardedMailKind | null = null) {
    const allowances = addresses
      .filter(isGuarded)
      .flatMap((address) => allowancesFor(allowancesOf(kind), normalizeEmail(address)))
    if (await takeAllowances(allowances)) {
      logger.warn({ kind: kind ?? 'mail' }, 'mail not sent: the recipient had enough this hour')
      return false
    }
    return true
  },
}
