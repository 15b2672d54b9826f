import db from '@adonisjs/lucid/services/db'
import { storedDateTime } from '#support/stored_dates'
import type Petition from '#models/petition'
import { DISPOSABLE_DOMAINS } from '#support/disposable_domains'
import { blockingRule, type BlockedRule, type RulesSnapshot } from '#shared/fraud/signing_rules'
import { bigMailProviderCovered } from '#shared/fraud/big_mail_providers'
import { signingRules } from '#runtime/caches/process_caches'

/**
 * The moderators' rules as each process keeps them, so that signing reads
 * no row for them: the kept list of disposable-mail domains (loaded once),
 * and a snapshot of the blocked domains and networks and of the domains
 * exempted from the kept list (runtime/caches/process_caches). A change
 * made here is applied at once (SigningRulesChanged drops the snapshot
 * before the moderator's answer); the other processes hear of it through
 * Redis within about a second, and whatever a lost message misses, the
 * snapshot's life catches: it is read again at most 20 s after it was
 * loaded. A petition's pause is on its own row, which signing reads anyway.
 */

async function loadRules(): Promise<RulesSnapshot> {
  const [domains, networks, exemptions] = await Promise.all([
    db.from('blocked_email_domains').select('domain'),
    // Expired blocks are few and harmless: the check compares expiries anyway.
    db.from('blocked_networks').select('network_hash', 'expires_at'),
    db.from('disposable_domain_exemptions').select('domain'),
  ])
  return {
    disposable: DISPOSABLE_DOMAINS,
    exempt: new Set(exemptions.map((row: { domain: string }) => row.domain)),
    // A block that would stop a big provider (stored before the validator
    // refused them) applies to nobody: the rules page says so.
    domains: new Set(
      domains
        .map((row: { domain: string }) => row.domain)
        .filter((domain) => !bigMailProviderCovered(domain))
    ),
    networks: new Map(
      networks.map((row: { network_hash: string; expires_at: unknown }) => [
        row.network_hash,
        storedDateTime(row.expires_at)?.toMillis() ?? 0,
      ])
    ),
  }
}

/**
 * The rules in force: the process's snapshot, read again when dropped or
 * too old; a load begun before a change is not kept.
 */
export function currentRules(): Promise<RulesSnapshot> {
  return signingRules.get('rules', loadRules)
}

/**
 * The rule that stops a signature to this petition, or null. No query but
 * the snapshot's, every 20 s at most: the petition's row is the one signing
 * loaded.
 */
export async function ruleStopping(
  petition: Petition,
  signer: { emailDomain: string | null; networkHash: string | null }
): Promise<BlockedRule | null> {
  const rules = await currentRules()
  return blockingRule(
    rules,
    {
      ...signer,
      pausedAt: petition.signingPausedAt?.toMillis() ?? null,
      pausedUntil: petition.signingPausedUntil?.toMillis() ?? null,
    },
    Date.now()
  )
}
