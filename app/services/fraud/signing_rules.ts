import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { storedDateTime } from '#support/stored_dates'
import type Petition from '#models/petition'
import { DISPOSABLE_DOMAINS } from '#support/disposable_domains'
import { blockingRule, type BlockedRule, type RulesSnapshot } from '#shared/fraud/signing_rules'
import { bigMailProviderCovered } from '#shared/fraud/big_mail_providers'

/**
 * The moderators' rules as each process keeps them, so that signing reads
 * no row for them: the kept list of disposable-mail domains (loaded once),
 * and a snapshot of the blocked domains and networks and of the domains
 * exempted from the kept list. A change made here is
 * applied at once (the snapshot is dropped before the moderator's answer);
 * the other processes hear of it through Redis within about a second, and
 * whatever a lost message misses, the snapshot's age limit catches: it is
 * read again at most SNAPSHOT_MAX_AGE_MS after it was loaded. A petition's
 * pause is on its own row, which signing reads anyway.
 */

/**
 * A snapshot older than this is read again: the backstop for a change
 * whose Redis message a process missed (a reconnect, or no Redis at all
 * with several workers).
 */
const SNAPSHOT_MAX_AGE_MS = 20_000

/** The Redis channel on which processes tell each other that the rules changed. */
export const RULES_CHANNEL = 'undersign:signing-rules'

/** This process, so that it ignores its own messages (it dropped its snapshot already). */
const ownOrigin = randomUUID()

let snapshot: { rules: RulesSnapshot; loadedAt: number } | null = null
/** A load under way, shared by the requests that wait for it. */
let loading: Promise<RulesSnapshot> | null = null
/** Bumped when the rules change, so that a load begun before a change is not kept. */
let generation = 0

async function loadRules(): Promise<RulesSnapshot> {
  const started = generation
  const [domains, networks, exemptions] = await Promise.all([
    db.from('blocked_email_domains').select('domain'),
    // Expired blocks are few and harmless: the check compares expiries anyway.
    db.from('blocked_networks').select('network_hash', 'expires_at'),
    db.from('disposable_domain_exemptions').select('domain'),
  ])
  const rules: RulesSnapshot = {
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
  if (started === generation) snapshot = { rules, loadedAt: Date.now() }
  return rules
}

/** The rules in force: the process's snapshot, read again when dropped or too old. */
export async function currentRules(): Promise<RulesSnapshot> {
  if (snapshot && Date.now() - snapshot.loadedAt < SNAPSHOT_MAX_AGE_MS) return snapshot.rules
  loading ??= loadRules().finally(() => {
    loading = null
  })
  return loading
}

/**
 * The rule that stops a signature to this petition, or null. No query but
 * the snapshot's, every SNAPSHOT_MAX_AGE_MS at most: the petition's row is
 * the one signing loaded.
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

/** Drops this process's snapshot only (a change heard from another process, or a test's). */
export function forgetRulesHere() {
  generation++
  snapshot = null
}

/**
 * After a change of the rules is committed: this process reads them again
 * on its next signature, and every other one as soon as Redis tells it.
 */
export function rulesChanged() {
  forgetRulesHere()
  if (!shared()) return
  redis.publish(RULES_CHANNEL, rulesMessage()).catch((error) => {
    // Their snapshots age out within SNAPSHOT_MAX_AGE_MS: nothing is lost for long.
    logger.warn({ err: error }, 'could not tell the other processes of a rules change')
  })
}

/** Whether processes share Redis, and so hear each other's changes. */
function shared() {
  return Boolean(env.get('REDIS_HOST'))
}

/** From now on, this process drops its snapshot when another one changes the rules. */
export function hearRulesChanges() {
  if (!shared()) return
  redis.subscribe(RULES_CHANNEL, (message) => {
    if (changedElsewhere(message)) forgetRulesHere()
  })
}

/** The message that tells the other processes the rules changed. */
export function rulesMessage() {
  return JSON.stringify({ origin: ownOrigin })
}

/** Whether a message of the channel tells of another process's change (an unreadable one does too). */
export function changedElsewhere(message: string) {
  try {
    return JSON.parse(message)?.origin !== ownOrigin
  } catch {
    return true
  }
}
