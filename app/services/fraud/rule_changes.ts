import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import BlockedEmailDomain from '#models/blocked_email_domain'
import BlockedNetwork from '#models/blocked_network'
import DisposableDomainExemption from '#models/disposable_domain_exemption'
import { changePetitions } from '#models/petition_changes'
import type Petition from '#models/petition'
import type User from '#models/user'
import ModerationEvent from '#models/moderation_event'
import SigningRulesChanged from '#events/signing_rules_changed'
import { keptListSize } from '#support/disposable_domains'
import { isUniqueViolation } from '#support/database_errors'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import {
  BLOCKED_RULES,
  durationMs,
  signingPaused,
  type BlockedRule,
  type NetworkBlockDuration,
  type PauseDuration,
} from '#shared/fraud/signing_rules'

/**
 * The moderators' changes of the rules against signing attacks, each in
 * one transaction with its audit entry; once committed, every process
 * applies the new rules to its next signature (fraud/signing_rules).
 */

/**
 * Runs a change of the rules in one transaction and, once it committed,
 * tells every process (SigningRulesChanged). A change that returns false
 * changed nothing, and tells nobody.
 */
async function changeRules<Result>(
  change: (trx: TransactionClientContract) => Promise<Result>
): Promise<Result> {
  const result = await db.transaction(change)
  if (result !== false) await SigningRulesChanged.announce()
  return result
}

/**
 * The rules page: the moderators' domains, the networks blocked now, the
 * kept list's size and the domains exempted from it.
 */
export async function rulesOverview() {
  const [domains, networks, exemptions] = await Promise.all([
    BlockedEmailDomain.query().preload('creator').orderBy('domain', 'asc'),
    BlockedNetwork.query().preload('creator').orderBy('expires_at', 'asc'),
    DisposableDomainExemption.query().preload('creator').orderBy('domain', 'asc'),
  ])
  // Expired blocks apply no more: a few rows, left out here.
  const now = DateTime.utc()
  return {
    domains,
    networks: networks.filter((network) => network.expiresAt > now),
    keptListSize: keptListSize(),
    exemptions,
  }
}

/** Blocks a domain (and its sub-domains); the validator refused one blocked already. */
export async function blockDomain(actor: User, domain: string, reason: string) {
  await changeRules(async (trx) => {
    await BlockedEmailDomain.create({ domain, reason, createdBy: actor.id }, { client: trx })
    await ModerationEvent.record(trx, {
      actor,
      action: 'email_domain_blocked',
      subject: domain,
      reason,
    })
  })
}

/**
 * Exempts a domain (and its sub-domains) from the kept list: its signers
 * sign and count from the next signature on. The validator refused a
 * domain off the list or exempted already; two moderators racing meet the
 * unique index, and the second is told as the validator would.
 */
export async function exemptDomain(actor: User, domain: string, reason: string) {
  try {
    await changeRules(async (trx) => {
      await DisposableDomainExemption.create(
        { domain, reason, createdBy: actor.id },
        { client: trx }
      )
      await ModerationEvent.record(trx, {
        actor,
        action: 'disposable_domain_exempted',
        subject: domain,
        reason,
      })
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new RefusedFieldsException([{ field: 'domain', rule: 'exempted' }])
    }
    throw error
  }
}

/** A kind of rule a moderator lifts by its id, and what the trail names. */
const LIFTABLE = {
  domains: {
    find: (id: number, trx: TransactionClientContract) =>
      BlockedEmailDomain.query({ client: trx }).where('id', id).first(),
    action: 'email_domain_unblocked',
    subject: (rule: BlockedEmailDomain) => rule.domain,
  },
  networks: {
    find: (id: number, trx: TransactionClientContract) =>
      BlockedNetwork.query({ client: trx }).where('id', id).first(),
    action: 'network_unblocked',
    subject: (rule: BlockedNetwork) => rule.networkHash,
  },
  exemptions: {
    find: (id: number, trx: TransactionClientContract) =>
      DisposableDomainExemption.query({ client: trx }).where('id', id).first(),
    action: 'disposable_exemption_lifted',
    subject: (rule: DisposableDomainExemption) => rule.domain,
  },
} as const

/** Lifts a domain's or a network's block, or a domain's exemption; false when there is none with this id. */
export async function liftRule(
  actor: User,
  kind: keyof typeof LIFTABLE,
  id: number,
  reason: string | null
) {
  const liftable = LIFTABLE[kind]
  return changeRules(async (trx) => {
    const blocked = await liftable.find(id, trx)
    if (!blocked) return false
    await blocked.delete()
    await ModerationEvent.record(trx, {
      actor,
      action: liftable.action,
      subject: (liftable.subject as (rule: typeof blocked) => string)(blocked),
      reason,
    })
    return true
  })
}

/**
 * Blocks a network (by its hash) from now for the chosen time. Blocking
 * one that is blocked already sets its new end and reason.
 */
export async function blockNetwork(
  actor: User,
  networkHash: string,
  duration: NetworkBlockDuration,
  reason: string
) {
  const expiresAt = DateTime.utc().plus(durationMs(duration)!)
  await changeRules(async (trx) => {
    await BlockedNetwork.updateOrCreate(
      { networkHash },
      { expiresAt, reason, createdBy: actor.id },
      { client: trx }
    )
    await ModerationEvent.record(trx, {
      actor,
      action: 'network_blocked',
      subject: networkHash,
      reason,
    })
  })
}

/**
 * Pauses a petition's signing from now, for the chosen time or until a
 * moderator lifts it (a pause under way is replaced). Its signatures
 * meanwhile are answered as usual and never count. Signing reads the
 * petition's row through a short-lived copy, which the change drops in
 * every process (PetitionChanged). Null: no such petition.
 */
export async function pauseSigning(
  actor: User,
  petitionId: number,
  duration: PauseDuration,
  reason: string
) {
  return changePetitions(async ({ trx, lock }) => {
    const petition = await lock({ id: petitionId })
    if (!petition) return null
    const now = DateTime.utc()
    const length = durationMs(duration)
    const until = length === null ? null : now.plus(length)
    petition.merge({ signingPausedAt: now, signingPausedUntil: until })
    await petition.save()
    await ModerationEvent.record(trx, {
      actor,
      action: 'signing_paused',
      petitionId: petition.id,
      subject: until?.toISO() ?? null,
      reason,
    })
    return petition
  })
}

/** Lifts a petition's pause; false when it is not paused (or was never), null without the petition. */
export async function resumeSigning(actor: User, petitionId: number, reason: string | null) {
  return changePetitions(async ({ trx, lock }) => {
    const petition = await lock({ id: petitionId })
    if (!petition) return null
    if (!isPaused(petition)) return false
    petition.merge({ signingPausedAt: null, signingPausedUntil: null })
    await petition.save()
    await ModerationEvent.record(trx, {
      actor,
      action: 'signing_resumed',
      petitionId: petition.id,
      reason,
    })
    return true
  })
}

/** Whether a petition's signing is paused now. */
export function isPaused(petition: Petition) {
  return signingPaused(
    petition.signingPausedAt?.toMillis() ?? null,
    petition.signingPausedUntil?.toMillis() ?? null,
    Date.now()
  )
}

/** How many of a petition's signatures each rule stopped (every rule, zero included). */
export async function stoppedByRules(petitionId: number): Promise<Record<BlockedRule, number>> {
  const rows: { blocked_rule: BlockedRule; total: number | string }[] = await db
    .from('signatures')
    .where('petition_id', petitionId)
    .whereNotNull('blocked_rule')
    .groupBy('blocked_rule')
    .select('blocked_rule')
    .count('* as total')
  const counts = Object.fromEntries(BLOCKED_RULES.map((rule) => [rule, 0])) as Record<
    BlockedRule,
    number
  >
  for (const row of rows) {
    if (row.blocked_rule in counts) counts[row.blocked_rule] = Number(row.total)
  }
  return counts
}

/** A petition's rules for its moderation page: its pause, and what each rule stopped on it. */
export async function petitionRules(petition: Petition) {
  return {
    paused: isPaused(petition),
    pausedAt: petition.signingPausedAt?.toISO() ?? null,
    /** Null while paused: until lifted. */
    pausedUntil: petition.signingPausedUntil?.toISO() ?? null,
    stopped: await stoppedByRules(petition.id),
  }
}
